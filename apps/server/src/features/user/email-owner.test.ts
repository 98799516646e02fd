import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createUser } from '../../../test/factories';
import { useTestApp } from '../../../test/use-test-app';
import { requireEmailFree, writeEmail } from './email-owner';

const env = useTestApp();
const db = () => env.database.db;

describe('one address, one user', () => {
  it('refuses an address another user has, in any letter case, but not the user’s own', async () => {
    const { user: mine } = await createUser(db());
    const { user: theirs } = await createUser(db());
    await expect(requireEmailFree(db(), mine.email, mine.id, 'email')).resolves.toBeUndefined();
    const refused = requireEmailFree(db(), theirs.email.toUpperCase(), mine.id, 'email');
    await expect(refused).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'error.email_in_use',
      options: { inputError: 'email' },
    });
  });

  it('turns a write that lost the race for an address into the same 409', async () => {
    const { user: mine } = await createUser(db());
    const { user: theirs } = await createUser(db());
    // The check passed a moment ago; the other user holds the address by the time we write.
    const write = writeEmail('token', () =>
      db().update(users).set({ email: theirs.email }).where(eq(users.id, mine.id)),
    );
    await expect(write).rejects.toBeInstanceOf(AppError);
    await expect(write).rejects.toMatchObject({
      code: 'conflict',
      options: { inputError: 'token' },
    });
    const [row] = await db().select().from(users).where(eq(users.id, mine.id));
    expect(row?.email).toBe(mine.email);
  });
});
