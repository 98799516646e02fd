import Stripe from 'stripe';
import type { Config } from '../../../config';

/**
 * The official SDK at the API version it was built for (pinned with the package), retrying
 * network failures itself — safe, because every call that creates something carries an
 * idempotency key. STRIPE_API_BASE points it elsewhere (the tests' local fake of Stripe's API).
 */
export function createStripeClient(stripe: NonNullable<Config['stripe']>): Stripe {
  const base = stripe.apiBase ? new URL(stripe.apiBase) : null;
  return new Stripe(stripe.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Partner Portal' },
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
