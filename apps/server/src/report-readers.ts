import { evaluateAccountAlerts } from './features/alerts/alert-job';
import { announceNewInsights } from './features/insights/insight-announce';
import type { AppContext } from './lib/app-context';

/**
 * What reads an account's rows once an import has committed them (AppContext.reportImported):
 * its metric alerts, then the insights its webhooks hear of. A reader's failure is logged and
 * kept from the import, which is done.
 */
export async function afterReportImport(ctx: AppContext, accountId: string): Promise<void> {
  for (const [name, read] of [
    ['metric alerts', evaluateAccountAlerts],
    ['insight.found webhooks', announceNewInsights],
  ] as const) {
    try {
      await read(ctx, accountId);
    } catch (error) {
      ctx.log.error({ err: error, accountId }, `after an import: ${name} failed`);
    }
  }
}
