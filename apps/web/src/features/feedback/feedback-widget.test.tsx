import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDBACK_AUTO_CLOSE_MS } from '@partner-portal/shared/constants';
import type { StoredSession } from '@partner-portal/shared/user';
import { dismissToast } from '@/components/ui/toast-store';
import { Toaster } from '@/components/ui/toaster';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { json, stubApi, type SentCall } from '@/test/fake-api';
import { testSession } from '@/test/test-session';
import { FeedbackWidget } from './feedback-widget';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // Toasts live in a module store; close them so one test's error is not seen by the next.
  dismissToast();
  clearSession();
  changeLocale('en');
});

/**
 * Renders the widget as the signed-in frame does, with the toast area the central error handler
 * shows its messages in (a feature may not import the app's Providers or routes); `answer`
 * replies to every call that is not a GET.
 */
function renderSignedIn(
  answer?: (sent: SentCall) => Response | Promise<Response>,
  session: Partial<StoredSession> = {},
) {
  const sent = stubApi(answer);
  setSession(testSession(session));
  render(
    <>
      <FeedbackWidget />
      <Toaster />
    </>,
  );
  return sent;
}

const PANEL = 'How is Partner Portal working for you?';

async function openPanel(user = userEvent.setup()) {
  await user.click(await screen.findByRole('button', { name: 'Give feedback' }));
  return screen.findByRole('dialog', { name: PANEL });
}

describe('feedback widget', () => {
  it('shows the three faces and reveals the comment form only once a face is picked', async () => {
    const sent = renderSignedIn();
    const panel = await openPanel();
    const faces = within(panel).getByRole('group', { name: PANEL });
    const buttons = within(faces).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['Good', 'Okay', 'Bad']);
    buttons.forEach((button) => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(within(panel).queryByLabelText('Tell us more (optional)')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Send feedback' })).not.toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Okay' }));
    expect(within(panel).getByRole('button', { name: 'Okay' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(panel).getByRole('button', { name: 'Good' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(panel).getByLabelText('Tell us more (optional)')).toHaveValue('');
    expect(within(panel).getByRole('button', { name: 'Send feedback' })).toBeEnabled();
    // Picking a face sends nothing by itself.
    expect(sent).toEqual([]);
  });

  it('sends the face and the trimmed comment, thanks the user and closes after the delay', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const sent = renderSignedIn(() =>
      json(200, { data: null, message: 'Thanks, we read every message.' }),
    );
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Bad' }));
    await user.type(within(panel).getByLabelText('Tell us more (optional)'), '  Charts are slow  ');
    await user.click(within(panel).getByRole('button', { name: 'Send feedback' }));

    const status = await within(panel).findByRole('status');
    // The server's message is the thank-you; the fixed line follows it.
    expect(status).toHaveTextContent('Thanks, we read every message.');
    expect(status).toHaveTextContent('It helps us make Partner Portal better.');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/feedback',
        body: { rating: 'negative', comment: 'Charts are slow' },
      },
    ]);

    // Still open a while before the delay is up ...
    act(() => vi.advanceTimersByTime(FEEDBACK_AUTO_CLOSE_MS - 1_000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // ... and closed once it has passed.
    act(() => vi.advanceTimersByTime(1_500));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Thanks, we read every message.')).not.toBeInTheDocument();
  });

  it('sends only the face when no comment is written and falls back to its own thank-you', async () => {
    const sent = renderSignedIn(() => json(200, { data: null }));
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Good' }));
    await userEvent.type(within(panel).getByLabelText('Tell us more (optional)'), '   ');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send feedback' }));

    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Thank you for your feedback!',
    );
    expect(sent).toEqual([{ method: 'POST', url: '/api/feedback', body: { rating: 'positive' } }]);
  });

  it.each([
    {
      status: 429,
      title: 'Too many requests',
      message: 'Please wait before sending more feedback.',
    },
    { status: 503, title: 'Something went wrong', message: 'Feedback is unavailable right now.' },
  ])(
    'shows a $status through the central handler and keeps the comment for a retry',
    async ({ status, title, message }) => {
      const sent = renderSignedIn(() => json(status, { message }));
      const panel = await openPanel();
      await userEvent.click(within(panel).getByRole('button', { name: 'Good' }));
      await userEvent.type(within(panel).getByLabelText('Tell us more (optional)'), 'Love it');
      await userEvent.click(within(panel).getByRole('button', { name: 'Send feedback' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(sent).toEqual([
        { method: 'POST', url: '/api/feedback', body: { rating: 'positive', comment: 'Love it' } },
      ]);
      // The form is back, with the face and the comment as they were, ready to send again.
      expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
      expect(within(panel).getByRole('button', { name: 'Good' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(within(panel).getByLabelText('Tell us more (optional)')).toHaveValue('Love it');
      const submit = within(panel).getByRole('button', { name: 'Send feedback' });
      await waitFor(() => expect(submit).toBeEnabled());
      await userEvent.click(submit);
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]).toEqual(sent[0]);
    },
  );

  it('closes on Escape, returns focus to the heart button and starts afresh when reopened', async () => {
    const sent = renderSignedIn();
    const heart = await screen.findByRole('button', { name: 'Give feedback' });
    expect(heart).toHaveAttribute('aria-expanded', 'false');
    let panel = await openPanel();
    expect(heart).toHaveAttribute('aria-expanded', 'true');
    // Focus moves into the panel.
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(within(panel).getByRole('button', { name: 'Okay' }));
    await userEvent.type(within(panel).getByLabelText('Tell us more (optional)'), 'Half done');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(heart).toHaveFocus();
    expect(heart).toHaveAttribute('aria-expanded', 'false');

    panel = await openPanel();
    expect(within(panel).getAllByRole('button', { pressed: false })).toHaveLength(3);
    expect(within(panel).queryByRole('button', { pressed: true })).not.toBeInTheDocument();
    expect(within(panel).queryByLabelText('Tell us more (optional)')).not.toBeInTheDocument();
    // Picking a face again shows an empty comment, not the abandoned one.
    await userEvent.click(within(panel).getByRole('button', { name: 'Okay' }));
    expect(within(panel).getByLabelText('Tell us more (optional)')).toHaveValue('');
    expect(sent).toEqual([]);
  });

  it('does not carry an answer that arrives after closing into the next opening', async () => {
    let answer: (response: Response) => void = () => undefined;
    const sent = renderSignedIn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    let panel = await openPanel();
    await userEvent.click(within(panel).getByRole('button', { name: 'Good' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    panel = await openPanel();
    await act(async () => answer(json(201, { data: { id: crypto.randomUUID() } })));
    expect(within(panel).queryByText('Thank you for your feedback!')).not.toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { pressed: false })).toHaveLength(3);
  });

  it('speaks Spanish', async () => {
    renderSignedIn(undefined, { locale: 'es' });
    changeLocale('es');
    await userEvent.click(await screen.findByRole('button', { name: 'Danos tu opinión' }));
    const panel = await screen.findByRole('dialog', {
      name: '¿Qué tal te funciona Partner Portal?',
    });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((face) => face.textContent),
    ).toEqual(['Bien', 'Regular', 'Mal']);
    await userEvent.click(within(panel).getByRole('button', { name: 'Regular' }));
    expect(within(panel).getByLabelText('Cuéntanos más (opcional)')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Enviar opinión' })).toBeInTheDocument();
  });
});
