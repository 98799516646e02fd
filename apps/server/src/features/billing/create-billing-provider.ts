import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { BillingProvider } from './billing-provider';
import { createLocalProvider } from './local-processor/local-provider';
import type { ProcessorDeps } from './local-processor/processor-snapshot';

/** The built-in processor's key: sealed client secrets and card fingerprints, from config. */
export function localProcessorKey(config: Config): Buffer {
  return createHmac('sha256', config.encryptionKey).update('local-card-processor').digest();
}

export function localProcessorDeps(config: Config, db: Db, now: () => Date): ProcessorDeps {
  return { db, key: localProcessorKey(config), now };
}

/**
 * The built-in card processor. Stripe (when its keys are set) is the next step of
 * docs/billing.md; until it is built, a Stripe configuration stops the server rather than
 * letting it claim Stripe while charging nothing there.
 */
export function createBillingProvider(config: Config, db: Db, now: () => Date): BillingProvider {
  if (config.stripe) {
    throw new Error(
      'Stripe billing is not available in this version yet: unset STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to use the built-in card processor.',
    );
  }
  return createLocalProvider(localProcessorDeps(config, db, now));
}
