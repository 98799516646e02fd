import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BillingProvider } from '../../lib/billing-provider';
import { createLocalProvider } from './local-processor/local-provider';
import type { ProcessorDeps } from './local-processor/processor-snapshot';
import { createStripeClient } from './stripe/stripe-client';
import { createStripeProvider } from './stripe/stripe-provider';

/** The built-in processor's key: sealed client secrets and card fingerprints, from config. */
export function localProcessorKey(config: Config): Buffer {
  return createHmac('sha256', config.encryptionKey).update('local-card-processor').digest();
}

export function localProcessorDeps(config: Config, db: Db, now: () => Date): ProcessorDeps {
  return { db, key: localProcessorKey(config), now };
}

/** Stripe when its keys are set, else the built-in card processor (docs/billing.md). */
export function createBillingProvider(config: Config, db: Db, now: () => Date): BillingProvider {
  if (config.stripe) {
    return createStripeProvider({
      stripe: createStripeClient(config.stripe),
      publishableKey: config.stripe.publishableKey,
      prices: config.stripe.prices,
    });
  }
  return createLocalProvider(localProcessorDeps(config, db, now));
}
