import { runTwoFactorPolicy } from './features/account-security/two-factor-policy-job';
import { mailExpiringKeys } from './features/api-keys/key-expiry-mail';
import { purgeAuditLog } from './features/audit/audit-retention';
import { runBillingTick } from './features/billing/billing-job';
import { reconcileBilling } from './features/billing/billing-reconcile.service';
import { purgeClosedAccounts } from './features/closing/purge-closed.service';
import { runReportDigests } from './features/digests/digest-job';
import { runAlertCloses } from './features/alerts/alert-job';
import { sweepImportJobs } from './features/analytics/report-import-job.service';
import type { AppContext } from './lib/app-context';

/**
 * The jobs every instance runs on a timer. Several instances may run the same job at the same
 * moment: each takes its rows with FOR UPDATE SKIP LOCKED, so a renewal or a purge happens once.
 */
const JOBS: { name: string; run: (ctx: AppContext) => Promise<number> }[] = [
  { name: 'billing renewals', run: (ctx) => runBillingTick(ctx) },
  // Both providers: what the app missed (a payment taken while an instance died, a lost
  // webhook) is compared with the provider and recorded here.
  { name: 'billing reconciliation', run: async (ctx) => (await reconcileBilling(ctx)).length },
  { name: 'API key expiry mail', run: (ctx) => mailExpiringKeys(ctx) },
  { name: '2FA policy reminders and deadlines', run: (ctx) => runTwoFactorPolicy(ctx) },
  { name: 'report digests', run: (ctx) => runReportDigests(ctx) },
  // Each metric alert at the close of its owner's day, taken by one instance.
  { name: 'metric alerts at day close', run: (ctx) => runAlertCloses(ctx) },
  // Uploads whose instance stopped mid-file: marked failed, their staged rows cleared.
  { name: 'stalled report imports', run: (ctx) => sweepImportJobs(ctx) },
  {
    name: 'retention purge',
    run: async (ctx) =>
      (
        await purgeClosedAccounts(ctx.db, {
          now: ctx.now(),
          retentionDays: ctx.config.accountRetentionDays,
        })
      ).accounts,
  },
  // At least hourly, the heads of the chains that moved go outside the database.
  { name: 'audit log anchor', run: (ctx) => ctx.auditAnchors.anchorIfDue() },
  {
    name: 'audit log retention',
    run: (ctx) =>
      purgeAuditLog(ctx.db, { now: ctx.now(), retentionDays: ctx.config.auditRetentionDays }),
  },
];

/**
 * Runs every job on boot and then each `everyMs`, one tick at a time in this process (a slow
 * tick is not overlapped by the next). Answers a stop that waits for the tick under way.
 */
export function startBackgroundJobs(ctx: AppContext, everyMs: number): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      for (const job of JOBS) {
        try {
          const count = await job.run(ctx);
          if (count > 0) ctx.log.info({ job: job.name, count }, `${job.name}: ${count} done`);
        } catch (error) {
          ctx.log.error({ err: error, job: job.name }, `${job.name} failed`);
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
