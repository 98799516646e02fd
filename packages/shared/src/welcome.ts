import { z } from 'zod';
import type { Permission } from './permission-rules';

/**
 * docs/product.md#screens-and-routes "Welcome": a new partner's first steps, in the order they are
 * offered, each with the permission that may take it (the screen it links to needs the same).
 */
export const CHECKLIST_STEPS = ['import_data', 'invite_team', 'two_factor', 'choose_plan'] as const;
export type ChecklistStep = (typeof CHECKLIST_STEPS)[number];

export const CHECKLIST_STEP_PERMISSION: Readonly<Record<ChecklistStep, Permission>> = {
  import_data: 'admin',
  invite_team: 'admin',
  two_factor: 'user',
  choose_plan: 'admin',
};

/** GET /api/account/checklist: the steps this user may take, each ticked once it is done. */
export const WelcomeChecklistSchema = z.object({
  steps: z.array(z.object({ step: z.enum(CHECKLIST_STEPS), done: z.boolean() })),
  /** The user hid the checklist (POST /api/account/checklist/dismiss); it stays hidden. */
  dismissed: z.boolean(),
});
export type WelcomeChecklist = z.infer<typeof WelcomeChecklistSchema>;
