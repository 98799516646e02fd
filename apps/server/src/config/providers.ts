import type { StripePrices } from '../features/billing/stripe/stripe-prices';
import type { Config } from './config-shape';
import type { Env } from './env';
import type { SigmaWorkbookConfig } from './sigma';

/** Sigma embedding when all three of its embed variables are set; else the built-in analytics. */
export function sigmaConfig(raw: Env, workbooks: SigmaWorkbookConfig[] | null): Config['sigma'] {
  if (!raw.SIGMA_EMBED_CLIENT_ID || !raw.SIGMA_EMBED_SECRET || !raw.SIGMA_ORG_SLUG) return null;
  return {
    clientId: raw.SIGMA_EMBED_CLIENT_ID,
    secret: raw.SIGMA_EMBED_SECRET,
    orgSlug: raw.SIGMA_ORG_SLUG,
    baseUrl: raw.SIGMA_BASE_URL.replace(/\/$/, ''),
    apiBase: raw.SIGMA_API_BASE,
    apiClientId: raw.SIGMA_API_CLIENT_ID,
    apiSecret: raw.SIGMA_API_SECRET,
    workbooks,
    accountType: raw.SIGMA_ACCOUNT_TYPE,
    plusTeam: raw.SIGMA_PLUS_TEAM,
    ttlSeconds: raw.SIGMA_EMBED_TTL_SECONDS,
  };
}

/** Stripe when its keys and webhook secret are set; else the built-in card processor. */
export function stripeConfig(raw: Env, prices: StripePrices): Config['stripe'] {
  if (!raw.STRIPE_SECRET_KEY || !raw.STRIPE_PUBLISHABLE_KEY || !raw.STRIPE_WEBHOOK_SECRET) {
    return null;
  }
  return {
    secretKey: raw.STRIPE_SECRET_KEY,
    publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
    apiBase: raw.STRIPE_API_BASE,
    prices,
  };
}

/** The insights' AI summary endpoint when both its URL and model are set. */
export function aiConfig(raw: Env): Config['ai'] {
  if (!raw.AI_BASE_URL || !raw.AI_MODEL) return null;
  return {
    baseUrl: raw.AI_BASE_URL.replace(/\/$/, ''),
    model: raw.AI_MODEL,
    apiKey: raw.AI_API_KEY ?? null,
  };
}
