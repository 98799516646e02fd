import { toLocale } from '@partner-portal/shared/constants';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

/**
 * A new person's user row, as sign-up, an invited sign-up and a first social sign-in make it (in
 * their transaction): the language and the look (light or dark) they signed up in, and the
 * account they land in by default.
 */
export async function insertUser(
  db: Db,
  fields: {
    email: string;
    firstName: string;
    lastName: string;
    passwordHash: string | null;
    verified: boolean;
    locale: string | undefined;
    darkMode?: boolean | undefined;
    defaultAccountId: string;
    now: Date;
  },
): Promise<string> {
  const { locale, darkMode, now, ...rest } = fields;
  const [created] = await db
    .insert(users)
    .values({ ...rest, locale: toLocale(locale), darkMode: darkMode ?? false, createdAt: now })
    .returning({ id: users.id });
  if (!created) throw new Error('user not created');
  return created.id;
}
