import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoredSession } from '@partner-portal/shared/user';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { currentUser, json, stubApi, type SentCall } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

/** Renders /help; `answer` replies to every call except the frame's GET /api/auth. */
function renderHelp(
  answer: (sent: SentCall) => Response | Promise<Response>,
  session: Partial<StoredSession> = {},
) {
  const sent = stubApi(answer);
  setSession(testSession(session));
  renderRoute('/help');
  return sent;
}

describe('/help support access', () => {
  it('turns support access on at once and saves it (PATCH /api/user)', async () => {
    let reply: (response: Response) => void = () => undefined;
    const sent = renderHelp(() => new Promise<Response>((resolve) => (reply = resolve)));
    expect(await screen.findByText("We're here to help")).toBeInTheDocument();
    const access = screen.getByRole('switch', { name: 'Let the support team access my account' });
    expect(access).not.toBeChecked();

    await userEvent.click(access);
    // Optimistic: on before the server has answered.
    expect(access).toBeChecked();
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { support_enabled: true } }]);

    reply(json(200, currentUser({ support_enabled: true })));
    expect(await screen.findByText('Support access turned on')).toBeInTheDocument();
    expect(access).toBeChecked();
    expect(getSession()?.support_enabled).toBe(true);
  });

  it('moves the switch back and shows the error when saving fails', async () => {
    let reply: (response: Response) => void = () => undefined;
    const sent = renderHelp(() => new Promise<Response>((resolve) => (reply = resolve)), {
      support_enabled: true,
    });
    const access = await screen.findByRole('switch', {
      name: 'Let the support team access my account',
    });
    expect(access).toBeChecked();
    await userEvent.click(access);
    expect(access).not.toBeChecked();

    reply(json(500, { message: 'The server had a problem.' }));
    expect(await screen.findByText('The server had a problem.')).toBeInTheDocument();
    await waitFor(() => expect(access).toBeChecked());
    expect(getSession()?.support_enabled).toBe(true);
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { support_enabled: false } }]);
  });
});

describe('/help message form', () => {
  it('requires a message before sending anything', async () => {
    const sent = renderHelp(() => json(200, { data: null, message: 'Message sent.' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a message')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the message with the user e-mail and name, shows the answer and empties the form', async () => {
    const sent = renderHelp(() =>
      json(200, { data: null, message: 'Message sent. Our support team will reply by email.' }),
    );
    const message = await screen.findByLabelText(/^Message/);
    await userEvent.type(message, 'The core dashboard does not load.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(
      await screen.findByText('Message sent. Our support team will reply by email.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/utility/mail',
        body: {
          template: 'help',
          email: 'owner@example.test',
          name: 'Olivia Owner',
          message: 'The core dashboard does not load.',
        },
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/^Message/)).toHaveValue(''));
  });

  it('hands a rate limit to the central handler and keeps the message', async () => {
    renderHelp(() => json(429, { message: 'Please wait a minute before sending another.' }));
    const message = await screen.findByLabelText(/^Message/);
    await userEvent.type(message, 'Hello again');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(screen.getByText('Please wait a minute before sending another.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Message/)).toHaveValue('Hello again');
  });
});
