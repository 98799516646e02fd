import { sql } from 'drizzle-orm';
import { PLANS, planUnitCents } from '@partner-portal/shared/plans';

/**
 * The monthly amount in cents of subscription `s`, from the one plan catalogue (every plan is
 * monthly; a per-seat plan counts at least its minimum of seats, as billing does).
 */
export const monthlyCents = sql.raw(
  `(case s.plan ${PLANS.map(
    (plan) =>
      `when '${plan.id}' then ${planUnitCents(plan)}${plan.perSeat ? ` * greatest(${plan.minSeats}, s.seats)` : ''}`,
  ).join(' ')} else 0 end)`,
);
