import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@partner-portal/shared/plans';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { stubRoutes } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

/*
 * /account/upgrade when Stripe takes the cards. Stripe.js is a script from Stripe's servers (the
 * network edge), so it is replaced here by a stand-in with the same calls: a card element that
 * reports `complete`, createPaymentMethod, and confirmCardPayment for 3-D Secure.
 */
const stripeJs = vi.hoisted(() => {
  const listeners = new Map<string, (event: unknown) => void>();
  const card = {
    mount: vi.fn(),
    destroy: vi.fn(),
    on: (name: string, listener: (event: unknown) => void) => listeners.set(name, listener),
  };
  const stripe = {
    elements: vi.fn(() => ({ create: vi.fn(() => card) })),
    createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_from_stripe_js' } })),
    confirmCardPayment: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
    confirmCardSetup: vi.fn(async () => ({ setupIntent: { status: 'succeeded' } })),
  };
  return { listeners, card, stripe, loadStripe: vi.fn(async () => stripe) };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripeJs.loadStripe }));

afterEach(() => {
  cleanup();
  clearSession();
  vi.clearAllMocks();
});

const STRIPE_PLANS = {
  'GET /api/account/plans': () => ({
    body: {
      data: {
        plans: PLANS,
        active: 'free_core',
        payments: { provider: 'stripe', publishable_key: 'pk_test_123' },
      },
    },
  }),
};

const ACTION = {
  requires_payment_action: true,
  client_secret: 'pi_123_secret_456',
  amount: 4900,
  currency: 'usd',
  description: 'Plus',
};

describe('/account/upgrade on Stripe', () => {
  it('draws Stripe’s card, pays with its PaymentMethod and confirms 3-D Secure with Stripe.js', async () => {
    let calls = 0;
    const sent = stubRoutes({
      ...STRIPE_PLANS,
      'POST /api/account/upgrade': () => {
        calls += 1;
        return calls === 1
          ? { body: { data: ACTION } }
          : { body: { data: { plan: 'free_plus', subscription: 'active', charged: null } } };
      },
    });
    setSession(testSession({ permission: 'owner', plan: 'free_core' }));
    renderRoute('/account/upgrade?plan=free_plus');

    await waitFor(() => expect(stripeJs.card.mount).toHaveBeenCalled());
    expect(stripeJs.loadStripe).toHaveBeenCalledWith('pk_test_123');
    // No number ever typed into this page: no built-in card form, no test-mode note.
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('Test mode — no real money moves')).not.toBeInTheDocument();
    stripeJs.listeners.get('change')?.({ complete: true, error: undefined });
    await userEvent.click(await screen.findByRole('button', { name: /^Pay and upgrade/ }));

    await waitFor(() => expect(getSession()?.plan).toBe('free_plus'));
    expect(stripeJs.stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456');
    expect(sent.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { token: 'pm_from_stripe_js', plan: 'free_plus' },
      { token: 'pm_from_stripe_js', plan: 'free_plus', stripe: ACTION },
    ]);
  });

  it('shows Stripe’s refusal of the bank check under the card, and keeps the plan', async () => {
    stripeJs.stripe.confirmCardPayment.mockResolvedValueOnce({
      error: { message: 'We are unable to authenticate your payment method.' },
    } as never);
    stubRoutes({
      ...STRIPE_PLANS,
      'POST /api/account/upgrade': () => ({ body: { data: ACTION } }),
    });
    setSession(testSession({ permission: 'owner', plan: 'free_core' }));
    renderRoute('/account/upgrade?plan=free_plus');
    await waitFor(() => expect(stripeJs.card.mount).toHaveBeenCalled());
    stripeJs.listeners.get('change')?.({ complete: true, error: undefined });
    await userEvent.click(await screen.findByRole('button', { name: /^Pay and upgrade/ }));
    expect(
      await screen.findByText('We are unable to authenticate your payment method.'),
    ).toBeInTheDocument();
    expect(getSession()?.plan).toBe('free_core');
  });
});
