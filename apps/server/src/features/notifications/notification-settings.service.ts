import { and, eq } from 'drizzle-orm';
import type { NotificationName } from '@partner-portal/shared/constants';
import type { Db } from '../../db/client';
import { notificationSettings } from '../../db/schema/index';

/** A notification is on until the user turns it off (no row means the default: on). */
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
  return row?.active ?? true;
}
