import { beforeAll, describe, expect, it } from 'vitest';
import { hasInsights } from '@partner-portal/shared/insight-rules';
import { PLAN_IDS, type PlanId } from '@partner-portal/shared/plan-rules';
import { hasPermission } from '@partner-portal/shared/permissions';
import { createAccount } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { loadTestReport } from '../../../test/insights/insights-test-data';

/**
 * docs/insights.md#who-sees-what: the insights routes on every plan × every member permission,
 * with the status each must get, worked out from the rules (the plan ladder's entitlement and the
 * permission matrix), not read from the routes. A paid plan whose payment is due counts as none.
 */
const PERMISSIONS = ['advertiser', 'user', 'developer', 'admin', 'owner'] as const;
type MemberPermission = (typeof PERMISSIONS)[number];

const env = useTestApp();
const db = () => env.database.db;
const tokens = new Map<string, string>();
const cell = (plan: PlanId, status: string, permission: MemberPermission) =>
  `${plan}/${status}/${permission}`;

const STATUSES = ['active', 'past_due'] as const;

beforeAll(async () => {
  for (const plan of PLAN_IDS) {
    for (const status of STATUSES) {
      const account = await createAccount(db(), { plan, subscriptionStatus: status });
      await loadTestReport(db(), account.id, { days: 40 });
      for (const permission of PERMISSIONS) {
        const { token } = await signedInUser(env.app, db(), { account, permission });
        tokens.set(cell(plan, status, permission), token);
      }
    }
  }
});

function entitled(plan: PlanId, status: string): boolean {
  // A paid plan whose payment is due gives no paid entitlement (docs/billing.md "Entitlement").
  return hasInsights(plan) && status === 'active';
}

describe('insights: every plan × payment state × permission', () => {
  it(`answers all ${PLAN_IDS.length * STATUSES.length * PERMISSIONS.length * 3} cells as the rules say`, async () => {
    const wrong: string[] = [];
    for (const plan of PLAN_IDS) {
      for (const status of STATUSES) {
        for (const permission of PERMISSIONS) {
          const token = tokens.get(cell(plan, status, permission)) ?? '';
          const workbook =
            permission === 'advertiser' ? 'local-core-advertiser' : 'local-core-overview';
          const paid = entitled(plan, status);
          const expected = {
            get: paid ? 200 : 402,
            // An id this viewer was never shown: past the plan, it is simply not found.
            feedback: paid ? 404 : 402,
            settings: !hasPermission(permission, 'owner') ? 403 : paid ? 200 : 402,
          };
          const answers = {
            get: await env.app.inject({
              method: 'GET',
              url: `/api/insights?workbook_id=${workbook}`,
              headers: bearer(token),
            }),
            feedback: await env.app.inject({
              method: 'POST',
              url: '/api/insights/never-shown/feedback',
              headers: bearer(token),
              payload: { useful: true },
            }),
            settings: await env.app.inject({
              method: 'PATCH',
              url: '/api/insights/settings',
              headers: bearer(token),
              payload: { narrative: false },
            }),
          };
          for (const route of ['get', 'feedback', 'settings'] as const) {
            const answer = answers[route];
            if (answer.statusCode !== expected[route]) {
              wrong.push(
                `${cell(plan, status, permission)} ${route}: ${answer.statusCode}, expected ${expected[route]}`,
              );
            }
            if (answer.statusCode === 402) {
              expect(answer.json()).toMatchObject({ plan: 'free_plus_ai' });
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
