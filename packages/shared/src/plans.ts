import { z } from 'zod';
import { PLAN_IDS, PLAN_INTERVALS, SUBSCRIPTION_STATUSES, type Plan } from './plan-rules';

export * from './plan-rules';

export const PlanIdSchema = z.enum(PLAN_IDS);

export const PlanSchema = z.object({
  id: PlanIdSchema,
  name: z.string(),
  price: z.number().nonnegative(),
  currency: z.object({ code: z.string(), symbol: z.string() }),
  interval: z.enum(PLAN_INTERVALS),
  requiresCard: z.boolean(),
  perSeat: z.boolean(),
  minSeats: z.number().int().positive(),
}) satisfies z.ZodType<Plan>;

export const SubscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
