import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/ui/toast-store';
import { clearSession } from '@/lib/session-store';
import {
  accountDetail,
  actionCalls,
  choose,
  confirmStepUp,
  consoleAccount,
  ids,
  openConsole,
  pageOf,
  serveConsole,
  STEP_UP_REFUSAL,
} from '@/test/master-test-kit';

afterEach(() => {
  // Unmount before the session goes, or the guard would redirect the page being torn down.
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  clearSession();
});

const NORTHWIND = consoleAccount();
const SOLO = consoleAccount({
  id: ids.solo,
  name: 'Solo Partner',
  owner_email: null,
  plan: null,
  subscription: null,
  seats: 1,
  mrr: 0,
  last_active: null,
  closed: true,
  disabled: true,
});

const table = () => screen.findByRole('table', { name: 'All accounts' });
async function rowWith(text: string) {
  const row = (await within(await table()).findByText(text)).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/master/accounts', () => {
  it('lists every account with owner, plan, subscription, seats, MRR and dates', async () => {
    const calls = serveConsole({
      'GET /api/master/accounts': () => ({ body: { data: pageOf([NORTHWIND, SOLO]) } }),
    });
    openConsole('/master/accounts');
    expect(await screen.findByRole('heading', { name: 'All accounts', level: 1 })).toBeVisible();
    const northwind = await rowWith('Northwind Media');
    expect(cells(northwind)).toEqual([
      'Northwind Media',
      'olivia@northwind.test',
      'Pro',
      'Active',
      '4',
      '$156.00',
      'Mar 2, 2026',
      new Date(NORTHWIND.last_active ?? '').toLocaleString('en', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    ]);
    expect(within(northwind).getByRole('link', { name: 'Northwind Media' })).toHaveAttribute(
      'href',
      `/master/accounts/${ids.northwind}`,
    );
    const solo = await rowWith('Solo Partner');
    expect(within(solo).getByText('Disabled')).toHaveClass('bg-destructive');
    expect(within(solo).getByText('Closed')).toBeVisible();
    expect(cells(solo)[7]).toBe('Never');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual(['GET /api/master/accounts']);
    // The console's own menu, with this section current.
    const nav = screen.getByRole('navigation', { name: 'Operator console' });
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await waitFor(() => expect(document.title).toBe('All accounts · Partner Portal'));
  });

  // A long walk through the screen: more than the default time on a busy machine.
  it(
    'searches on the server once typing pauses, and pages the results',
    { timeout: 15_000 },
    async () => {
      const calls = serveConsole({
        'GET /api/master/accounts': ({ query }) => {
          const page = Number(query.get('page') ?? '1');
          const rows = Array.from({ length: page === 2 ? 2 : 5 }, (_, n) =>
            consoleAccount({ id: `acc-${page}-${n}`, name: `North ${page}-${n}` }),
          );
          return { body: { data: pageOf(rows, { total: 7, page, page_size: 5 }) } };
        },
      });
      const router = openConsole('/master/accounts');
      await rowWith('North 1-0');
      await userEvent.type(screen.getByRole('searchbox', { name: 'Search accounts' }), ' north ');
      await waitFor(() =>
        expect(actionCalls(calls).at(-1)).toBe('GET /api/master/accounts?q=north'),
      );
      // The view is in the address, so Back from an account returns to it.
      await waitFor(() => expect(router.state.location.search).toBe('?q=north'));
      expect(await screen.findByText('1–5 of 7')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
      expect(await screen.findByText('6–7 of 7')).toBeInTheDocument();
      expect(await rowWith('North 2-1')).toBeInTheDocument();
      expect(actionCalls(calls).at(-1)).toBe('GET /api/master/accounts?q=north&page=2');
      expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
      expect(router.state.location.search).toBe('?q=north&page=2');

      // Another search starts again at page 1.
      await userEvent.clear(screen.getByRole('searchbox', { name: 'Search accounts' }));
      await userEvent.type(
        screen.getByRole('searchbox', { name: 'Search accounts' }),
        'solo{Enter}',
      );
      await waitFor(() =>
        expect(actionCalls(calls).at(-1)).toBe('GET /api/master/accounts?q=solo'),
      );
    },
  );

  it('empties the search when the console menu opens the whole list again', async () => {
    const calls = serveConsole({
      'GET /api/master/accounts': ({ query }) => ({
        body: { data: pageOf(query.get('q') ? [SOLO] : [NORTHWIND, SOLO]) },
      }),
    });
    openConsole('/master/accounts?q=solo');
    await rowWith('Solo Partner');
    expect(screen.getByRole('searchbox', { name: 'Search accounts' })).toHaveValue('solo');
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Operator console' })).getByRole('link', {
        name: 'Accounts',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search accounts' })).toHaveValue(''),
    );
    expect(await rowWith('Northwind Media')).toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([
      'GET /api/master/accounts?q=solo',
      'GET /api/master/accounts',
    ]);
  });

  it('says when no account matches, and shows a failed load with a retry', async () => {
    let fail = true;
    serveConsole({
      'GET /api/master/accounts': ({ query }) =>
        fail
          ? { status: 403, body: { message: 'Database unavailable.' } }
          : { body: { data: pageOf(query.get('q') ? [] : [NORTHWIND]) } },
    });
    openConsole('/master/accounts');
    expect(await screen.findByText('The accounts could not be loaded')).toBeInTheDocument();
    expect(await screen.findByText('Database unavailable.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowWith('Northwind Media')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'zzz{Enter}');
    expect(await screen.findByText('No account matches “zzz”')).toBeInTheDocument();
  });
});

describe('/master/accounts/:id', () => {
  const detailRoutes = (extra: Parameters<typeof serveConsole>[0] = {}) =>
    serveConsole({
      [`GET /api/master/accounts/${ids.northwind}`]: () => ({ body: { data: accountDetail() } }),
      ...extra,
    });

  it('shows the account, its subscription, members, invites, invoices, events and audit rows', async () => {
    detailRoutes();
    openConsole(`/master/accounts/${ids.northwind}`);
    expect(await screen.findByRole('heading', { name: 'Northwind Media', level: 2 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Account details', level: 1 })).toBeVisible();
    const subscription = screen.getByRole('region', { name: 'Subscription' });
    expect(within(subscription).getByText('Renews as it is')).toBeVisible();
    expect(within(subscription).getByText('stripe')).toBeVisible();

    const members = screen.getByRole('table', { name: 'Members of this account' });
    expect(within(members).getByRole('link', { name: 'dana@northwind.test' })).toHaveAttribute(
      'href',
      `/master/users/${ids.dana}`,
    );
    expect(within(members).getByText('Owner')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Members (2)' })).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Open invites of this account' })).getByText(
        'sam@northwind.test',
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Invoices' })).getByText('$156.00'),
    ).toBeVisible();
    const events = screen.getByRole('table', { name: 'Recent events' });
    expect(within(events).getByText('{"workbook":"core","tab":2}')).toBeVisible();
    const audit = screen.getByRole('table', { name: 'Recent audit log entries' });
    expect(within(audit).getByText('Plan changed')).toBeVisible();
    expect(within(audit).getByText('Success')).toHaveClass('bg-success');
    // The list section stays current in the console's menu.
    expect(
      within(screen.getByRole('navigation', { name: 'Operator console' })).getByRole('link', {
        name: 'Accounts',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  // A long walk through the screen: more than the default time on a busy machine.
  it(
    'asks for a fresh code when a plan change needs one, then changes the plan by itself',
    { timeout: 15_000 },
    async () => {
      let steppedUp = false;
      const calls = detailRoutes({
        'GET /api/master/session': () => ({
          body: {
            data: {
              two_factor: true,
              stepped_up_until: steppedUp ? '2026-11-26T19:10:00.000Z' : null,
            },
          },
        }),
        'POST /api/master/step-up': ({ body }) => {
          steppedUp = (body as { code: string }).code === '123456';
          return steppedUp
            ? {
                body: {
                  data: { two_factor: true, stepped_up_until: '2026-11-26T19:10:00.000Z' },
                },
              }
            : { status: 400, body: { message: 'That code is not right.', inputError: 'code' } };
        },
        [`POST /api/master/accounts/${ids.northwind}/plan`]: () =>
          steppedUp
            ? { body: { data: null, message: 'Northwind Media is now on Plus.' } }
            : STEP_UP_REFUSAL,
      });
      openConsole(`/master/accounts/${ids.northwind}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
      const planDialog = await screen.findByRole('dialog', {
        name: 'Change the plan of Northwind Media',
      });
      expect(within(planDialog).getByRole('combobox', { name: /New plan/ })).toHaveTextContent(
        'Pro (current)',
      );
      await choose(/New plan/, 'Plus');
      await userEvent.click(within(planDialog).getByRole('button', { name: 'Change plan' }));

      // Refused for want of a fresh code: the dialog asks for one; a wrong one is said so.
      const dialog = await confirmStepUp('654321');
      expect(await within(dialog).findByText('That code is not right.')).toBeVisible();
      expect(dialog).toBeVisible();
      for (let box = 1; box <= 6; box += 1)
        await userEvent.clear(
          screen.getByRole('textbox', { name: `Authentication code ${box}/6` }),
        );
      await confirmStepUp('123456');

      expect(await screen.findByText('Northwind Media is now on Plus.')).toBeInTheDocument();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: "Confirm it's you" })).not.toBeInTheDocument(),
      );
      expect(
        screen.queryByRole('dialog', { name: 'Change the plan of Northwind Media' }),
      ).not.toBeInTheDocument();
      const posts = calls.filter((call) => call.method === 'POST');
      expect(posts.map((call) => [call.url, call.body])).toEqual([
        [`/api/master/accounts/${ids.northwind}/plan`, { plan: 'free_plus' }],
        ['/api/master/step-up', { code: '654321' }],
        ['/api/master/step-up', { code: '123456' }],
        // The original action, repeated once the code was accepted.
        [`/api/master/accounts/${ids.northwind}/plan`, { plan: 'free_plus' }],
      ]);
      // And the account is read again.
      await waitFor(() =>
        expect(
          calls.filter((call) => call.url === `/api/master/accounts/${ids.northwind}`),
        ).toHaveLength(2),
      );
      expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    },
  );

  it('does nothing more when the operator backs out of the code dialog', async () => {
    const calls = detailRoutes({
      [`POST /api/master/accounts/${ids.northwind}/disable`]: () => STEP_UP_REFUSAL,
    });
    openConsole(`/master/accounts/${ids.northwind}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Disable Northwind Media?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/master/accounts/${ids.northwind}/disable`,
    ]);
    // Backing out is not an error.
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Disable account' })).toBeEnabled();
  });

  it('cancels the subscription after a confirmation, and shows the answer', async () => {
    const calls = detailRoutes({
      [`POST /api/master/accounts/${ids.northwind}/cancel`]: () => ({
        body: { data: null, message: 'The subscription of Northwind Media has ended.' },
      }),
    });
    openConsole(`/master/accounts/${ids.northwind}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Cancel the subscription of Northwind Media now?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel subscription now' }));
    expect(
      await screen.findByText('The subscription of Northwind Media has ended.'),
    ).toBeInTheDocument();
    expect(actionCalls(calls)).toContain(`POST /api/master/accounts/${ids.northwind}/cancel`);
  });

  it('enables a disabled account without a confirmation', async () => {
    const calls = serveConsole({
      [`GET /api/master/accounts/${ids.northwind}`]: () => ({
        body: {
          data: accountDetail({
            account: consoleAccount({ disabled: true }),
            subscription: null,
          }),
        },
      }),
      [`POST /api/master/accounts/${ids.northwind}/enable`]: () => ({
        body: { data: null, message: 'Northwind Media is enabled.' },
      }),
    });
    openConsole(`/master/accounts/${ids.northwind}`);
    expect(await screen.findByText('This account has no subscription.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enable account' }));
    expect(await screen.findByText('Northwind Media is enabled.')).toBeInTheDocument();
    expect(actionCalls(calls)).toContain(`POST /api/master/accounts/${ids.northwind}/enable`);
  });
});
