/**
 * The Welcome page's first steps (docs/product.md#screens-and-routes "Welcome"): each ticks
 * itself from what the account already holds, so nothing is stored but the user's choice to hide
 * the list. One statement answers every step.
 */
import { eq, sql } from 'drizzle-orm';
import { hasPermission } from '@partner-portal/shared/permission-rules';
import { PLUS_PLAN_IDS, type PlanId } from '@partner-portal/shared/plan-rules';
import {
  CHECKLIST_STEPS,
  CHECKLIST_STEP_PERMISSION,
  type ChecklistStep,
  type WelcomeChecklist,
} from '@partner-portal/shared/welcome';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { users } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';

interface StepRow {
  has_data: boolean;
  has_team: boolean;
  two_factor: boolean;
  plan: string | null;
  dismissed: boolean;
}

export async function welcomeChecklist(db: Db, actor: Actor): Promise<WelcomeChecklist> {
  const [row] = await rowsOf<StepRow>(
    db,
    sql`select
          exists (select 1 from report_daily where account_id = a.id) as has_data,
          (select count(*) from account_users where account_id = a.id) > 1
            or exists (select 1 from invites where account_id = a.id and accepted_at is null)
            as has_team,
          u.totp_enabled as two_factor,
          a.plan,
          u.checklist_dismissed_at is not null as dismissed
        from users u, accounts a
        where u.id = ${actor.userId} and a.id = ${actor.accountId}`,
  );
  const done: Record<ChecklistStep, boolean> = {
    import_data: row?.has_data ?? false,
    invite_team: row?.has_team ?? false,
    two_factor: row?.two_factor ?? false,
    // Core is where every partner starts: a plan has been chosen once it is one of the others.
    choose_plan: PLUS_PLAN_IDS.includes(row?.plan as PlanId),
  };
  return {
    steps: CHECKLIST_STEPS.filter((step) =>
      hasPermission(actor.permission, CHECKLIST_STEP_PERMISSION[step]),
    ).map((step) => ({ step, done: done[step] })),
    dismissed: row?.dismissed ?? false,
  };
}

/** Hides the checklist for this user, for good; hiding it twice keeps the first time. */
export async function dismissWelcomeChecklist(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      checklistDismissedAt: sql`coalesce(${users.checklistDismissedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(users.id, userId));
}
