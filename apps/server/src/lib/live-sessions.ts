import { and, eq, sql } from 'drizzle-orm';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import type { CurrentUser } from '@partner-portal/shared/user';
import type { AuthChangeFeed } from '../db/auth-changes';
import type { Db } from '../db/client';
import { accounts, accountUsers, sessions, users } from '../db/schema/index';
import { toCurrentUser } from './current-user';
import type { SessionActor } from './actor';
import { SessionCache } from './session-cache';
import type { SessionClaims } from './session-token';

/** A live session: who is calling, and the docs/product.md#entities current user they see. */
export interface SessionView {
  actor: SessionActor;
  user: CurrentUser;
}

interface Loaded {
  view: SessionView;
  lastSeenAt: Date;
  revoked: boolean;
  disabled: boolean;
  closed: boolean;
}

// last_seen_at is refreshed at most this often, so a busy client costs one write a minute.
const LAST_SEEN_RESOLUTION_MS = 60_000;
// Changes arrive by NOTIFY; this bound only caps how long a missed one could ever matter.
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

/**
 * Answers "is this session live, and who is it?" for every guarded request. A miss costs one
 * prepared query (session, user, membership, account and the list of the user's accounts in one
 * round trip); a hit costs none. Entries are forgotten when the feed reports a write that touches
 * them (docs/architecture.md "Session cache"), and the cache is bypassed while the feed is not
 * live, so a revoked session or a removed member is refused on every instance within moments.
 */
export class LiveSessions {
  private readonly cache = new SessionCache<Loaded>(MAX_ENTRIES);
  private readonly unsubscribe: () => void;
  private readonly query;

  constructor(
    private readonly db: Db,
    private readonly changes: AuthChangeFeed,
  ) {
    this.unsubscribe = changes.subscribe((change) => this.cache.forget(change));
    const memberships = sql<{ id: string; name: string }[]>`(
      select coalesce(
        json_agg(json_build_object('id', m_account.id, 'name', m_account.name) order by m.created_at),
        '[]'::json)
      from account_users m join accounts m_account on m_account.id = m.account_id
      where m.user_id = ${sessions.userId} and m_account.closed_at is null)`;
    this.query = db
      .select({
        session: {
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          impersonatorId: sessions.impersonatorId,
        },
        user: users,
        membership: accountUsers,
        account: accounts,
        memberships,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .innerJoin(
        accountUsers,
        and(
          eq(accountUsers.accountId, sessions.accountId),
          eq(accountUsers.userId, sessions.userId),
        ),
      )
      .where(
        and(
          eq(sessions.id, sql.placeholder('sessionId')),
          eq(sessions.userId, sql.placeholder('userId')),
          eq(sessions.accountId, sql.placeholder('accountId')),
        ),
      )
      .limit(1)
      .prepare('live_session');
  }

  get stats(): { hits: number; misses: number; size: number } {
    return { hits: this.cache.hits, misses: this.cache.misses, size: this.cache.size };
  }

  /**
   * The session's view if it is live at `at`: not revoked or expired, its user not disabled, its
   * account open, its membership still there; null otherwise. `touch` records the visit.
   */
  async find(
    claims: SessionClaims,
    at: Date,
    options: { touch?: boolean } = {},
  ): Promise<SessionView | null> {
    const cached = this.changes.live
      ? this.cache.get(claims.sessionId, at.getTime() - MAX_AGE_MS)
      : undefined;
    let loaded = cached?.value;
    if (
      !loaded ||
      loaded.view.actor.userId !== claims.userId ||
      loaded.view.actor.accountId !== claims.accountId
    ) {
      loaded = (await this.load(claims, at)) ?? undefined;
    }
    if (!loaded || loaded.revoked || loaded.disabled || loaded.closed) return null;
    if (loaded.view.actor.expiresAt <= at) return null;
    if (options.touch && at.getTime() - loaded.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
      loaded.lastSeenAt = at;
      await this.db
        .update(sessions)
        .set({ lastSeenAt: at })
        .where(eq(sessions.id, claims.sessionId));
    }
    return loaded.view;
  }

  /**
   * Why a session that `find` refused was ended, when the member is to be told (an
   * administrator changed their access); null for every other refusal. Only refused requests
   * ask, so the hot path never pays for it.
   */
  async endedBecause(sessionId: string): Promise<'access_changed' | null> {
    const [row] = await this.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row?.reason === 'access_changed' ? 'access_changed' : null;
  }

  private async load(claims: SessionClaims, at: Date): Promise<Loaded | null> {
    const ticket = this.cache.ticket();
    const [row] = await this.query.execute({
      sessionId: claims.sessionId,
      userId: claims.userId,
      accountId: claims.accountId,
    });
    if (!row) return null;
    const permission = PermissionSchema.safeParse(
      row.user.isMaster ? 'master' : row.membership.permission,
    );
    if (!permission.success) return null;
    const loaded: Loaded = {
      view: {
        actor: {
          userId: claims.userId,
          accountId: claims.accountId,
          sessionId: claims.sessionId,
          keyId: null,
          permission: permission.data,
          impersonatorId: row.session.impersonatorId,
          label: row.user.email,
          expiresAt: row.session.expiresAt,
        },
        user: {
          ...toCurrentUser(row.user, row.membership, row.account, row.memberships),
          // The web shows a support session's banner from this.
          ...(row.session.impersonatorId ? { impersonating: true } : {}),
        },
      },
      lastSeenAt: row.session.lastSeenAt,
      revoked: row.session.revokedAt !== null,
      disabled: row.user.disabled,
      // Closed, or disabled by an operator: no session works in it.
      closed: row.account.closedAt !== null || row.account.disabledAt !== null,
    };
    if (this.changes.live) {
      this.cache.set(
        claims.sessionId,
        {
          value: loaded,
          userId: claims.userId,
          accountIds: [claims.accountId, ...row.memberships.map((account) => account.id)],
          loadedAt: at.getTime(),
        },
        ticket,
      );
    }
    return loaded;
  }

  close(): void {
    this.unsubscribe();
  }
}
