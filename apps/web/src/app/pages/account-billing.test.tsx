import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillingOverview } from '@partner-portal/shared/billing';
import { PLANS } from '@partner-portal/shared/plans';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes, type RouteHandler } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

function overview(patch: Partial<BillingOverview> = {}): BillingOverview {
  return {
    provider: 'local',
    publishable_key: null,
    plan: 'free_plus',
    status: 'active',
    amount: 4900,
    currency: 'usd',
    interval: 'month',
    seats: null,
    period: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
    next_invoice: { date: '2026-12-01T00:00:00.000Z', amount: 4900 },
    cancel_at_period_end: false,
    scheduled_plan: null,
    payment_state: null,
    pending_action: null,
    card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 },
    ...patch,
  };
}

const INVOICES = {
  data: {
    invoices: [
      {
        id: 'in_local_2',
        number: 'INV-2026-000002',
        date: '2026-11-01T00:00:00.000Z',
        status: 'paid',
        total: 4900,
        currency: 'usd',
        pdf_url: null,
      },
    ],
    next_cursor: 'in_local_2',
  },
};

function renderBilling(
  shown: BillingOverview,
  routes: Record<string, RouteHandler> = {},
  permission: 'owner' | 'admin' = 'owner',
) {
  const sent = stubRoutes({
    'GET /api/account/billing': () => ({ body: { data: shown } }),
    'GET /api/account/billing/invoices': () => ({ body: INVOICES }),
    'GET /api/account/billing/invoices?cursor=in_local_2': () => ({
      body: {
        data: {
          invoices: [{ ...INVOICES.data.invoices[0], id: 'in_local_1', number: 'INV-2026-000001' }],
          next_cursor: null,
        },
      },
    }),
    'GET /api/account/plans': () => ({
      body: {
        data: {
          plans: PLANS,
          active: shown.plan,
          payments: { provider: 'local', publishable_key: null },
        },
      },
    }),
    ...routes,
  });
  setSession(testSession({ permission, plan: shown.plan, subscription: shown.status }));
  renderRoute('/account/billing');
  return sent;
}

describe('/account/billing', () => {
  it('shows the plan, the cycle, the next invoice, the card and the invoices', async () => {
    renderBilling(overview());
    expect(await screen.findByTestId('billing-price')).toHaveTextContent('$49.00 per month');
    expect(screen.getByText('Billing cycle Nov 1, 2026 – Dec 1, 2026')).toBeInTheDocument();
    expect(screen.getByText('Next invoice on Dec 1, 2026: $49.00')).toBeInTheDocument();
    expect(screen.getByTestId('billing-card')).toHaveTextContent('Visa •••• 4242, expires 04/31');
    expect(await screen.findByText('INV-2026-000002')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older invoices' }));
    expect(await screen.findByText('INV-2026-000001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older invoices' })).not.toBeInTheDocument();
  });

  it.each([
    [1, 'Minimum of 3 members × $39.00 = $117.00 per month (1 member today)'],
    [4, '4 members × $39.00 = $156.00 per month'],
  ])('prices Pro for %i member(s) as billed (docs/billing.md "Prices")', async (count, text) => {
    renderBilling(
      overview({
        plan: 'free_pro',
        amount: 3900 * Math.max(3, count),
        seats: { count, price: 3900, cycle_end: '2026-12-01T00:00:00.000Z' },
      }),
    );
    expect(await screen.findByTestId('billing-price')).toHaveTextContent(text);
  });

  it.each([
    ['requires_payment_method', 'Your latest payment failed', 'Update card'],
    ['requires_action', 'You need to authorize your payment', 'Authorize the payment'],
    ['canceled', 'Your subscription has been canceled', 'Choose a plan'],
  ] as const)('says %s with its documented message and a way out', async (state, title, action) => {
    renderBilling(
      overview({ payment_state: state, status: state === 'canceled' ? 'canceled' : 'past_due' }),
    );
    const banner = (await screen.findByText(title)).closest('[data-variant]');
    expect(banner).not.toBeNull();
    expect(within(banner as HTMLElement).getByText(action)).toBeInTheDocument();
  });

  it('cancels at the period end after confirming, and undoes it', async () => {
    let cancelled = false;
    const sent = renderBilling(overview(), {
      'POST /api/account/plan': (body) => {
        cancelled = (body as { plan: string }).plan === 'free_core';
        return {
          body: {
            data: {
              plan: 'free_plus',
              subscription: 'active',
              scheduled_plan: cancelled ? 'free_core' : null,
              effective_at: cancelled ? '2026-12-01T00:00:00.000Z' : null,
            },
          },
        };
      },
      'GET /api/account/billing': () => ({
        body: {
          data: overview(
            cancelled ? { cancel_at_period_end: true, scheduled_plan: 'free_core' } : {},
          ),
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('You keep your plan until Dec 1, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(
      await screen.findByText('Switches to Core on Dec 1, 2026 — you keep Plus until then.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { plan: 'free_core' },
        { plan: 'free_plus' },
      ]),
    );
  });

  it('tells a member who is not the owner who can fix billing', async () => {
    renderBilling(
      overview({ status: 'past_due', payment_state: 'requires_payment_method' }),
      {},
      'admin',
    );
    expect(
      await screen.findByText("This account's subscription needs attention"),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('billing-price')).not.toBeInTheDocument();
  });

  it('tells a member only who manages billing while the subscription is in order', async () => {
    renderBilling(overview({ plan: 'free_plus', status: 'active' }), {}, 'admin');
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Billing is managed by the account owner');
    expect(note).toHaveTextContent('This account is on Plus (Active).');
    expect(note).toHaveAttribute('data-variant', 'info');
    expect(screen.queryByText(/needs attention/)).not.toBeInTheDocument();
  });
});
