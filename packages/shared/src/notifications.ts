import { z } from 'zod';
import { NOTIFICATION_NAMES } from './constants';

/** GET /api/notification: every notification with whether it is on. */
export const NotificationListSchema = z.array(
  z.object({ name: z.enum(NOTIFICATION_NAMES), active: z.boolean() }),
);
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** PATCH /api/notification: any subset of the switches; an unknown name is refused. */
export const NotificationPatchSchema = z
  .strictObject(
    Object.fromEntries(NOTIFICATION_NAMES.map((name) => [name, z.boolean().optional()])) as Record<
      (typeof NOTIFICATION_NAMES)[number],
      z.ZodOptional<z.ZodBoolean>
    >,
  )
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one switch.' });
export type NotificationPatch = z.infer<typeof NotificationPatchSchema>;
