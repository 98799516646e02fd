import { and, eq, sql } from 'drizzle-orm';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_NAMES,
  type NotificationName,
} from '@partner-portal/shared/constants';
import type { NotificationList, NotificationPatch } from '@partner-portal/shared/notifications';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema/index';

/** A notification is what the user set, or its default (NOTIFICATION_DEFAULTS) without a row. */
export async function isNotificationActive(
  db: Db,
  userId: string,
  name: NotificationName,
): Promise<boolean> {
  const [row] = await db
    .select({ active: notificationSettings.active })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.name, name)))
    .limit(1);
  return row?.active ?? NOTIFICATION_DEFAULTS[name];
}

/** Every notification of the user, as set or by default, in the catalogue's order. */
export async function listNotifications(db: Db, userId: string): Promise<NotificationList> {
  const rows = await db
    .select({ name: notificationSettings.name, active: notificationSettings.active })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  const stored = new Map(rows.map((row) => [row.name, row.active]));
  return NOTIFICATION_NAMES.map((name) => ({
    name,
    active: stored.get(name) ?? NOTIFICATION_DEFAULTS[name],
  }));
}

/**
 * Saves the switches given (any subset) and answers the whole list. `updated_at` moves only when a
 * switch flips: for the report digest it is the moment of opting in, and digests are owed only
 * for periods due after it (features/digests/digest-job.ts), so saving "on" again changes nothing.
 */
export async function updateNotifications(
  db: Db,
  userId: string,
  patch: NotificationPatch,
  now: Date,
): Promise<NotificationList> {
  const changes = Object.entries(patch).filter(
    (entry): entry is [NotificationName, boolean] => typeof entry[1] === 'boolean',
  );
  await db.transaction(async (tx) => {
    for (const [name, active] of changes) {
      await tx
        .insert(notificationSettings)
        .values({ userId, name, active, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.name],
          set: {
            active,
            updatedAt: sql`case when ${notificationSettings.active} = excluded.active then ${notificationSettings.updatedAt} else excluded.updated_at end`,
          },
        });
    }
  });
  return listNotifications(db, userId);
}
