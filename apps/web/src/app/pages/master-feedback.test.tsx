import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleFeedback } from '@partner-portal/shared/master';
import { dismissToast } from '@/components/ui/toast-store';
import { clearSession } from '@/lib/session-store';
import {
  actionCalls,
  choose,
  consoleFeedback,
  ids,
  openConsole,
  pageOf,
  serveConsole,
} from '@/test/master-test-kit';

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  clearSession();
});

const SAFARI = consoleFeedback();
const PRAISE = consoleFeedback({
  id: 'f2',
  rating: 'positive',
  comment: null,
  status: 'done',
  note: 'Thanked them by mail.',
  user: null,
  account: null,
  created: '2026-11-18T09:00:00.000Z',
});

const table = () => screen.findByRole('table', { name: 'Feedback from users' });
async function rowWith(text: string) {
  const row = (await within(await table()).findByText(text)).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

describe('/master/feedback', () => {
  it('shows each rating with its comment, user, account, date, status and note', async () => {
    const calls = serveConsole({
      'GET /api/master/feedback': () => ({ body: { data: pageOf([SAFARI, PRAISE]) } }),
    });
    openConsole('/master/feedback');
    expect(await screen.findByRole('heading', { name: 'User feedback', level: 1 })).toBeVisible();
    const safari = await rowWith('The export button does nothing on Safari.');
    expect(within(safari).getByText('Negative')).toHaveClass('bg-destructive');
    expect(within(safari).getByRole('link', { name: 'dana@northwind.test' })).toHaveAttribute(
      'href',
      `/master/users/${ids.dana}`,
    );
    expect(within(safari).getByRole('link', { name: 'Northwind Media' })).toHaveAttribute(
      'href',
      `/master/accounts/${ids.northwind}`,
    );
    expect(
      within(safari).getByRole('combobox', {
        name: 'Status of the feedback from dana@northwind.test on Nov 19, 2026',
      }),
    ).toHaveTextContent('New');
    expect(within(safari).getByRole('button', { name: /^Add a note/ })).toBeVisible();

    const praise = await rowWith('No comment');
    expect(within(praise).getByText('Positive')).toHaveClass('bg-success');
    expect(within(praise).getByText('Thanked them by mail.')).toBeVisible();
    expect(within(praise).getByRole('combobox', { name: /a user on/ })).toHaveTextContent('Done');
    expect(actionCalls(calls)).toEqual(['GET /api/master/feedback']);
  });

  // A long walk through the screen: more than the default time on a busy machine.
  it(
    'asks again with each filter in the query string, and keeps them in the address',
    { timeout: 15_000 },
    async () => {
      const calls = serveConsole({
        'GET /api/master/feedback': () => ({ body: { data: pageOf([SAFARI]) } }),
      });
      const router = openConsole('/master/feedback');
      await rowWith('The export button does nothing on Safari.');
      const last = () => actionCalls(calls).at(-1);

      await choose('Rating', 'Negative');
      await waitFor(() => expect(last()).toBe('GET /api/master/feedback?rating=negative'));
      await choose('Status', 'Triaged');
      await waitFor(() =>
        expect(last()).toBe('GET /api/master/feedback?rating=negative&status=triaged'),
      );
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
      await waitFor(() =>
        expect(last()).toBe(
          'GET /api/master/feedback?rating=negative&status=triaged&from=2026-11-01&to=2026-11-30',
        ),
      );
      expect(router.state.location.search).toBe(
        '?rating=negative&status=triaged&from=2026-11-01&to=2026-11-30',
      );
    },
  );

  it('refuses a backwards range without asking, and clears the filters', async () => {
    const calls = serveConsole({
      'GET /api/master/feedback': () => ({ body: { data: pageOf([SAFARI]) } }),
    });
    const router = openConsole('/master/feedback?status=new&from=2026-11-10');
    await rowWith('The export button does nothing on Safari.');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('New');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-10');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The end date must not be before the start date',
    );
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The end date must not be before the start date',
    );
    expect(calls.some((call) => call.url.includes('to=2026-10-01'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('All');
    await waitFor(() => expect(actionCalls(calls).at(-1)).toBe('GET /api/master/feedback'));
  });

  it('pages on the server, keeping the filters', async () => {
    const calls = serveConsole({
      'GET /api/master/feedback': ({ query }) => {
        const page = Number(query.get('page') ?? '1');
        const rows = Array.from({ length: page === 1 ? 5 : 2 }, (_, n) =>
          consoleFeedback({ id: `f-${page}-${n}`, comment: `Comment ${page}-${n}` }),
        );
        return { body: { data: pageOf(rows, { total: 7, page, page_size: 5 }) } };
      },
    });
    openConsole('/master/feedback?status=new');
    expect(await screen.findByText('1–5 of 7')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual(['GET /api/master/feedback?status=new']);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('6–7 of 7')).toBeInTheDocument();
    expect(await screen.findByText('Comment 2-1')).toBeVisible();
    expect(actionCalls(calls).at(-1)).toBe('GET /api/master/feedback?status=new&page=2');
  });

  // A long walk through the screen: more than the default time on a busy machine.
  it(
    'triages a row: its status with PATCH {status}, its note with PATCH {note}',
    { timeout: 15_000 },
    async () => {
      const saved: Record<string, ConsoleFeedback> = {};
      const calls = serveConsole({
        'GET /api/master/feedback': () => ({ body: { data: pageOf([SAFARI, PRAISE]) } }),
        'PATCH /api/master/feedback/f1': ({ body }) => {
          saved.f1 = { ...(saved.f1 ?? SAFARI), ...(body as Partial<ConsoleFeedback>) };
          return { body: { data: saved.f1 } };
        },
        'PATCH /api/master/feedback/f2': ({ body }) => {
          saved.f2 = { ...PRAISE, ...(body as Partial<ConsoleFeedback>) };
          return { body: { data: saved.f2 } };
        },
      });
      openConsole('/master/feedback');
      const safari = await rowWith('The export button does nothing on Safari.');
      await choose(/^Status of the feedback from dana/, 'Triaged');
      await waitFor(() =>
        expect(
          within(safari).getByRole('combobox', { name: /^Status of the feedback from dana/ }),
        ).toHaveTextContent('Triaged'),
      );

      await userEvent.click(within(safari).getByRole('button', { name: /^Add a note/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Note on this feedback' });
      await userEvent.type(
        within(dialog).getByRole('textbox', { name: 'Note' }),
        'Reproduced on Safari 17; ticket 88.',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save note' }));
      expect(await screen.findByText('Note saved')).toBeInTheDocument();
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      expect(within(safari).getByText('Reproduced on Safari 17; ticket 88.')).toBeVisible();
      expect(within(safari).getByRole('button', { name: /^Edit the note/ })).toBeVisible();

      // An emptied note is removed.
      const praise = await rowWith('No comment');
      await userEvent.click(within(praise).getByRole('button', { name: /^Edit the note/ }));
      const edit = await screen.findByRole('dialog', { name: 'Note on this feedback' });
      await userEvent.clear(within(edit).getByRole('textbox', { name: 'Note' }));
      await userEvent.click(within(edit).getByRole('button', { name: 'Save note' }));
      await waitFor(() => expect(within(praise).queryByText('Thanked them by mail.')).toBeNull());

      expect(
        calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body]),
      ).toEqual([
        ['/api/master/feedback/f1', { status: 'triaged' }],
        ['/api/master/feedback/f1', { note: 'Reproduced on Safari 17; ticket 88.' }],
        ['/api/master/feedback/f2', { note: null }],
      ]);
    },
  );
});
