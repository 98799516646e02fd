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
              charged: null,
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

  it('shows what an upgrade charges today before it does, then names the charge and its invoice', async () => {
    let quotes = 0;
    const sent = renderBilling(overview(), {
      'GET /api/account/plan/preview?plan=free_plus_ai': () => ({
        body: {
          data: {
            plan: 'free_plus_ai',
            takes_effect: 'now',
            effective_at: '2026-11-11T00:00:00.000Z',
            currency: 'usd',
            due_today: { credit: 3267, charge: 6600, total: 3333 },
            recurring: { amount: 9900, interval: 'month', seats: null },
            next_billing_date: '2026-12-01T00:00:00.000Z',
            quote: `quote-${++quotes}`,
          },
        },
      }),
      'POST /api/account/plan': (body) =>
        (body as { quote?: string }).quote === 'quote-1'
          ? {
              status: 409,
              body: { message: 'The amount shown is out of date.', inputError: 'quote' },
            }
          : {
              body: {
                data: {
                  plan: 'free_plus_ai',
                  subscription: 'active',
                  scheduled_plan: null,
                  effective_at: null,
                  charged: {
                    amount: 3333,
                    currency: 'usd',
                    invoice_id: 'in_local_3',
                    invoice_number: 'INV-2026-000003',
                  },
                },
              },
            },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Plus AI/ }));
    const summary = await within(dialog).findByTestId('plan-change-summary');
    expect(summary).toHaveTextContent('Plus AI for the rest of this period$66.00');
    expect(summary).toHaveTextContent('Credit for unused Plus−$32.67');
    expect(summary).toHaveTextContent('Due today$33.33');
    expect(summary).toHaveTextContent('Then $99.00 per month, next billed on December 1, 2026.');
    // The first quote has expired by the time it is confirmed: the new amount is shown instead.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $33.33 and switch' }));
    expect(
      await within(dialog).findByText('The amount has been updated. Check it and confirm again.'),
    ).toBeInTheDocument();
    await userEvent.click(
      await within(dialog).findByRole('button', { name: 'Pay $33.33 and switch' }),
    );
    expect(await screen.findByText('You are now on Plus AI.')).toBeInTheDocument();
    expect(
      screen.getByText('$33.33 was charged to your card (invoice INV-2026-000003).'),
    ).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { plan: 'free_plus_ai', quote: 'quote-1' },
      { plan: 'free_plus_ai', quote: 'quote-2' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'View invoice' }));
    await waitFor(() =>
      expect(sent.map((call) => call.url)).toContain('/api/account/billing/invoices/in_local_3'),
    );
  });

  it('says when a move down takes effect and what it costs then, charging nothing today', async () => {
    renderBilling(overview({ plan: 'free_plus_ai', amount: 9900 }), {
      'GET /api/account/plan/preview?plan=free_plus': () => ({
        body: {
          data: {
            plan: 'free_plus',
            takes_effect: 'period_end',
            effective_at: '2026-12-01T00:00:00.000Z',
            currency: 'usd',
            due_today: null,
            recurring: { amount: 4900, interval: 'month', seats: null },
            next_billing_date: '2026-12-01T00:00:00.000Z',
            quote: null,
          },
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Change plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Plus\b(?! AI)/ }));
    const summary = await within(dialog).findByTestId('plan-change-summary');
    expect(summary).toHaveTextContent(
      'Plus starts on December 1, 2026. Until then you keep Plus AI.',
    );
    expect(summary).toHaveTextContent(
      'Nothing is charged today. Then $49.00 per month, next billed on December 1, 2026.',
    );
    expect(within(dialog).getByRole('button', { name: 'Switch on Dec 1, 2026' })).toBeEnabled();
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
