import { sql, type SQL } from 'drizzle-orm';
import { PLANS } from '@partner-portal/shared/plans';
import type { Db } from '../../db/client';

/** Rows of a raw statement; both drivers answer `{ rows }`, which the common Db type cannot say. */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/**
 * The monthly amount in cents of subscription `s`, from the one plan catalogue (every plan is
 * monthly; a per-seat plan counts at least one seat, as billing does).
 */
export const monthlyCents = sql.raw(
  `(case s.plan ${PLANS.map(
    (plan) =>
      `when '${plan.id}' then ${Math.round(plan.price * 100)}${plan.perSeat ? ' * greatest(1, s.seats)' : ''}`,
  ).join(' ')} else 0 end)`,
);
