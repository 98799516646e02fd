import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '@partner-portal/shared/plans';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { stubRoutes } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearSession();
});

const PLAN_LIST = {
  data: {
    plans: PLANS,
    active: 'free_core',
    payments: { provider: 'local', publishable_key: null },
  },
};
const TOKEN = {
  data: { token: 'pm_local_abc', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
};
const ACTION = {
  requires_payment_action: true,
  client_secret: 'pi_local_x_secret_y',
  amount: 9900,
  currency: 'usd',
  description: 'Partner Portal Plus AI',
};

function renderUpgrade(routes: Parameters<typeof stubRoutes>[0], path = '/account/upgrade') {
  const sent = stubRoutes({ 'GET /api/account/plans': () => ({ body: PLAN_LIST }), ...routes });
  setSession(testSession({ permission: 'owner', plan: 'free_core' }));
  const router = renderRoute(path);
  return { sent, router };
}

async function typeCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
  await userEvent.type(screen.getByLabelText('Name on card'), 'Ada Lovelace');
}

describe('/account/upgrade', () => {
  it('preselects ?plan=, takes the card, and pays: token first, then the upgrade', async () => {
    const { sent } = renderUpgrade(
      {
        'POST /api/billing/local/cards': () => ({ body: TOKEN }),
        'POST /api/account/upgrade': () => ({
          body: {
            data: { plan: 'free_plus_ai', subscription: 'active', charged: null },
            message: 'Payment received. Your plan is upgraded.',
          },
        }),
      },
      '/account/upgrade?plan=free_plus_ai',
    );
    const chosen = await screen.findByRole('radio', { name: /^Plus AI/ });
    expect(chosen).toBeChecked();
    expect(screen.queryByRole('radio', { name: /^Core/ })).not.toBeInTheDocument();
    expect(screen.getByText('Test mode — no real money moves')).toBeInTheDocument();
    await typeCard('4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('card-brand')).toHaveTextContent('Visa');
    await userEvent.click(screen.getByRole('button', { name: 'Pay and upgrade to Plus AI' }));

    expect(
      (await screen.findAllByText('Payment received. Your plan is upgraded.')).length,
    ).toBeGreaterThan(0);
    expect(sent.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/billing/local/cards',
        body: { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
      },
      {
        method: 'POST',
        url: '/api/account/upgrade',
        body: { token: 'pm_local_abc', plan: 'free_plus_ai' },
      },
    ]);
    expect(getSession()).toMatchObject({ plan: 'free_plus_ai', subscription: 'active' });
  });

  it('sums up Pro per member with its minimum before the card is taken', async () => {
    renderUpgrade({}, '/account/upgrade?plan=free_pro');
    expect(await screen.findByTestId('upgrade-summary')).toHaveTextContent(
      'You pay $39.00 per member, for at least 3 members ($117.00 or more), today and then every month until you cancel.',
    );
  });

  it('offers no way to buy the plan already held: it is marked current and the next one is chosen', async () => {
    stubRoutes({
      'GET /api/account/plans': () => ({
        body: { data: { ...PLAN_LIST.data, active: 'free_plus' } },
      }),
    });
    setSession(testSession({ permission: 'owner', plan: 'free_plus' }));
    renderRoute('/account/upgrade?plan=free_plus');
    const radios = await screen.findAllByRole<HTMLInputElement>('radio');
    const byPlan = (plan: string) => radios.find((radio) => radio.value === plan);
    expect(byPlan('free_plus')).toBeDisabled();
    expect(byPlan('free_plus')).not.toBeChecked();
    expect(byPlan('free_plus')?.closest('label')).toHaveTextContent('Current plan');
    expect(byPlan('free_plus_ai')).toBeChecked();
  });

  it('asks the cardholder in a dialog, then repeats the call with the first answer', async () => {
    let calls = 0;
    const { sent } = renderUpgrade({
      'POST /api/billing/local/cards': () => ({ body: TOKEN }),
      'POST /api/billing/local/authenticate': () => ({ body: { data: { status: 'succeeded' } } }),
      'POST /api/account/upgrade': () => {
        calls += 1;
        return calls === 1
          ? { body: { data: ACTION } }
          : { body: { data: { plan: 'free_plus', subscription: 'active', charged: null } } };
      },
    });
    await typeCard('4000002500003155');
    await userEvent.click(screen.getByRole('button', { name: /^Pay and upgrade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your payment' });
    expect(within(dialog).getByText('$99.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(getSession()?.plan).toBe('free_plus'));
    const posts = sent
      .filter((call) => call.method === 'POST')
      .map((call) => [call.url, call.body]);
    expect(posts).toEqual([
      ['/api/billing/local/cards', expect.any(Object)],
      ['/api/account/upgrade', { token: 'pm_local_abc', plan: 'free_plus' }],
      [
        '/api/billing/local/authenticate',
        { client_secret: 'pi_local_x_secret_y', outcome: 'complete' },
      ],
      ['/api/account/upgrade', { token: 'pm_local_abc', plan: 'free_plus', stripe: ACTION }],
    ]);
  });

  it('shows a refused authentication and a declined card under the card', async () => {
    renderUpgrade({
      'POST /api/billing/local/cards': () => ({ body: TOKEN }),
      'POST /api/billing/local/authenticate': () => ({
        body: { data: { status: 'requires_payment_method' } },
      }),
      'POST /api/account/upgrade': () => ({ body: { data: ACTION } }),
    });
    await typeCard('4000002500003155');
    await userEvent.click(screen.getByRole('button', { name: /^Pay and upgrade/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Fail authentication' }));
    expect(
      await screen.findByText('The payment was not authorised. Try again or use another card.'),
    ).toBeInTheDocument();
    expect(getSession()?.plan).toBe('free_core');
  });

  it('checks the card as it is typed: Luhn, expiry, CVC', async () => {
    const { sent } = renderUpgrade({});
    await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424241');
    await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '13');
    await userEvent.tab();
    await userEvent.type(screen.getByLabelText('CVC'), '1');
    await userEvent.tab();
    expect(screen.getByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the expiry as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Please enter the 3- or 4-digit security code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Pay and upgrade/ }));
    expect(await screen.findByText('Please enter your card details')).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('goes to the Plus dashboard 2.5 s after a successful upgrade', async () => {
    const { router } = renderUpgrade({
      'POST /api/billing/local/cards': () => ({ body: TOKEN }),
      'POST /api/account/upgrade': () => ({
        body: { data: { plan: 'free_plus', subscription: 'active', charged: null } },
      }),
    });
    await typeCard('4242424242424242');
    await userEvent.click(screen.getByRole('button', { name: /^Pay and upgrade/ }));
    await waitFor(() => expect(getSession()?.plan).toBe('free_plus'));
    expect(router.state.location.pathname).toBe('/account/upgrade');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/plus'), {
      timeout: 4_000,
    });
  });
});
