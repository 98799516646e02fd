import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { localProcessorDeps } from '../../src/features/billing/create-billing-provider';
import { authenticatePayment } from '../../src/features/billing/local-processor/processor-authenticate';

/**
 * The cardholder's approval of a 3-D Secure payment reaching the built-in processor after the
 * server died: the processor takes the money and nobody records it (docs/billing.md "A payment
 * taken while the server died"). Run between the kill and the restart, with the server's own
 * configuration; answers how many payments were taken.
 */
export async function approveAtProcessor(
  env: NodeJS.ProcessEnv,
  clientSecrets: string[],
): Promise<number> {
  if (clientSecrets.length === 0) return 0;
  const config = loadConfig(env);
  const database = await openDatabase(config);
  let approved = 0;
  try {
    const deps = localProcessorDeps(config, database.db, () => new Date());
    for (const secret of clientSecrets) {
      try {
        await authenticatePayment(deps, secret, 'complete');
        approved += 1;
      } catch {
        // No longer waiting (the workload ended it): nothing to take.
      }
    }
  } finally {
    await database.close();
  }
  return approved;
}
