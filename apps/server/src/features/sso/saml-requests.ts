import { and, eq, gt, lt } from 'drizzle-orm';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { Db } from '../../db/client';
import { samlRequests } from '../../db/schema/index';

/** How long a person has at their IdP between our AuthnRequest and its answer. */
export const SAML_REQUEST_TTL_MS = 10 * 60 * 1000;

export type SamlRequestRow = typeof samlRequests.$inferSelect;

/** What a sign-in remembers between `POST /api/auth/sso` and the IdP's answer. */
export interface SamlPendingSignIn {
  connectionUpdatedAt: Date;
  redirect: string | null;
  locale: string;
}

/**
 * node-saml's request cache, in the database (any instance may receive the IdP's POST) and for
 * one account. A request id is taken on first read, in one `DELETE … RETURNING`: of two posts of
 * one response, racing or not, one finds it. Removing is then nothing left to do.
 */
export class SamlRequestCache implements CacheProvider {
  /** The request the response answered, once read. */
  taken: SamlRequestRow | null = null;

  constructor(
    private readonly db: Db,
    private readonly accountId: string,
    private readonly now: () => Date,
    private readonly pending?: SamlPendingSignIn,
  ) {}

  async saveAsync(id: string, instant: string): Promise<CacheItem> {
    if (!this.pending) throw new Error('a SAML request was made without a sign-in to remember');
    const now = this.now();
    await this.db.delete(samlRequests).where(lt(samlRequests.expiresAt, now));
    await this.db.insert(samlRequests).values({
      id,
      accountId: this.accountId,
      ...this.pending,
      createdAt: new Date(instant),
      expiresAt: new Date(now.getTime() + SAML_REQUEST_TTL_MS),
    });
    return { value: instant, createdAt: now.getTime() };
  }

  async getAsync(id: string): Promise<string | null> {
    if (this.taken?.id !== id) {
      const [row] = await this.db
        .delete(samlRequests)
        .where(
          and(
            eq(samlRequests.id, id),
            eq(samlRequests.accountId, this.accountId),
            gt(samlRequests.expiresAt, this.now()),
          ),
        )
        .returning();
      if (!row) return null;
      this.taken = row;
    }
    return this.taken.createdAt.toISOString();
  }

  async removeAsync(): Promise<string | null> {
    return null;
  }
}
