import { z } from 'zod';
import { PLANS, type PlanId } from '@partner-portal/shared/plans';

/** The plans Stripe bills: every plan that needs a card. Each needs a price id in STRIPE_PRICES. */
const STRIPE_BILLED_PLANS = PLANS.filter((plan) => plan.requiresCard).map((plan) => plan.id);

export type StripePrices = Partial<Record<PlanId, string>>;

const PriceId = z.string().regex(/^price_[A-Za-z0-9_]+$/, 'must be a Stripe price id (price_…)');

/**
 * STRIPE_PRICES: `{ "free_plus": "price_…", … }`, one recurring price per paid plan. Checked at
 * boot, so a missing or mistyped plan stops the server instead of failing a customer's payment.
 */
export function parseStripePrices(value: string | undefined, problems: string[]): StripePrices {
  if (value === undefined) {
    problems.push(
      `STRIPE_PRICES: must be set with the Stripe keys, a JSON object of price ids for ${STRIPE_BILLED_PLANS.join(', ')}`,
    );
    return {};
  }
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    problems.push('STRIPE_PRICES: must be a JSON object such as { "free_plus": "price_…" }');
    return {};
  }
  const schema = z.strictObject(
    Object.fromEntries(STRIPE_BILLED_PLANS.map((plan) => [plan, PriceId])) as Record<
      PlanId,
      typeof PriceId
    >,
  );
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const where = issue.path.length > 0 ? ` ${issue.path.join('.')}` : '';
      const message = issue.code === 'invalid_type' ? 'missing price id' : issue.message;
      problems.push(`STRIPE_PRICES:${where} ${message}`);
    }
    return {};
  }
  const prices = Object.values(parsed.data);
  if (new Set(prices).size !== prices.length) {
    problems.push('STRIPE_PRICES: each plan needs its own price id');
  }
  return parsed.data;
}

/** The plan a Stripe price stands for; null for a price this app does not sell. */
export function planOfPrice(prices: StripePrices, priceId: string): PlanId | null {
  const entry = Object.entries(prices).find(([, id]) => id === priceId);
  return entry ? (entry[0] as PlanId) : null;
}
