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

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();

describe('/help support access', () => {
  it('turns support access on at once for the default week and says until when', async () => {
    let reply: (response: Response) => void = () => undefined;
    const sent = renderHelp(() => new Promise<Response>((resolve) => (reply = resolve)));
    expect(await screen.findByText("We're here to help")).toBeInTheDocument();
    const access = screen.getByRole('switch', { name: 'Let the support team access my account' });
    expect(access).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Allow access for' })).toHaveTextContent('7 days');

    await userEvent.click(access);
    // Optimistic: on before the server has answered.
    expect(access).toBeChecked();
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/user', body: { support_enabled: true, support_days: 7 } },
    ]);

    reply(json(200, currentUser({ support_enabled: true, support_until: IN_A_WEEK })));
    expect(await screen.findByText('Support access turned on')).toBeInTheDocument();
    expect(access).toBeChecked();
    expect(getSession()?.support_until).toBe(IN_A_WEEK);
    const end = new Intl.DateTimeFormat('en', { dateStyle: 'full', timeStyle: 'short' }).format(
      new Date(IN_A_WEEK),
    );
    expect(
      screen.getByText(
        `Support staff can open your account as you until ${end}. Turn this off to end it now.`,
      ),
    ).toBeInTheDocument();
    // While on, the length is not a choice: turning it off and on again starts a new one.
    expect(screen.queryByRole('combobox', { name: 'Allow access for' })).not.toBeInTheDocument();
  });

  it('gives access for the length chosen', async () => {
    const sent = renderHelp(() =>
      json(200, currentUser({ support_enabled: true, support_until: IN_A_WEEK })),
    );
    await userEvent.click(await screen.findByRole('combobox', { name: 'Allow access for' }));
    await userEvent.click(await screen.findByRole('option', { name: '30 days' }));
    await userEvent.click(
      screen.getByRole('switch', { name: 'Let the support team access my account' }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'PATCH', url: '/api/user', body: { support_enabled: true, support_days: 30 } },
      ]),
    );
  });

  it('shows access whose end has passed as off', async () => {
    renderHelp(() => json(200, currentUser()), {
      support_enabled: true,
      support_until: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(
      await screen.findByRole('switch', { name: 'Let the support team access my account' }),
    ).not.toBeChecked();
  });

  it('moves the switch back and shows the error when saving fails', async () => {
    let reply: (response: Response) => void = () => undefined;
    const sent = renderHelp(() => new Promise<Response>((resolve) => (reply = resolve)), {
      support_enabled: true,
      support_until: IN_A_WEEK,
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
    expect(getSession()?.support_until).toBe(IN_A_WEEK);
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
