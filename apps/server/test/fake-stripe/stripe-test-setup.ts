import { PLANS, planUnitCents, type PlanId } from '@partner-portal/shared/plans';
import { createStripeClient } from '../../src/features/billing/stripe/stripe-client';
import { createStripeProvider } from '../../src/features/billing/stripe/stripe-provider';
import { FakeStripe } from './fake-stripe-server';

/** The Stripe catalogue the tests configure: one price per paid plan, at the plan's price (a seat's, on a per-seat plan). */
const FAKE_PRICE_IDS: Partial<Record<PlanId, string>> = Object.fromEntries(
  PLANS.filter((plan) => plan.requiresCard).map((plan) => [plan.id, `price_fake_${plan.id}`]),
);

const FAKE_WEBHOOK_SECRET = 'whsec_fake_partner_portal_tests';

export async function startFakeStripe(): Promise<FakeStripe> {
  const prices = Object.fromEntries(
    PLANS.filter((plan) => plan.requiresCard).map((plan) => [
      `price_fake_${plan.id}`,
      { amount: planUnitCents(plan), currency: plan.currency.code },
    ]),
  );
  return new FakeStripe({ prices, webhookSecret: FAKE_WEBHOOK_SECRET }).start();
}

/** The environment that turns Stripe on, aimed at the fake. */
export function stripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fake_partner_portal',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_partner_portal',
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICES: JSON.stringify(FAKE_PRICE_IDS),
    STRIPE_API_BASE: fake.url,
  };
}

export function fakeStripeProvider(fake: FakeStripe) {
  return createStripeProvider({
    stripe: createStripeClient({
      secretKey: 'sk_test_fake_partner_portal',
      publishableKey: 'pk_test_fake_partner_portal',
      webhookSecret: FAKE_WEBHOOK_SECRET,
      apiBase: fake.url,
      prices: FAKE_PRICE_IDS,
    }),
    publishableKey: 'pk_test_fake_partner_portal',
    prices: FAKE_PRICE_IDS,
  });
}

/** Stripe's named test payment method for each of the test card numbers the app documents. */
export const STRIPE_TEST_TOKENS: Record<string, string> = {
  '4242424242424242': 'pm_card_visa',
  '4000002500003155': 'pm_card_authenticationRequiredOnSetup',
  '4000002760003184': 'pm_card_authenticationRequired',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
  '4000000000000341': 'pm_card_chargeCustomerFail',
};
