import { sql } from 'drizzle-orm';
import { PLANS } from '@partner-portal/shared/plans';

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
