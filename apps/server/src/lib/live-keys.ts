import { BlockList, isIPv4 } from 'node:net';
import { and, eq, or, sql } from 'drizzle-orm';
import type { ApiKeyScope } from '@partner-portal/shared/api-key-rules';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import type { AuthChangeFeed } from '../db/auth-changes';
import type { Db } from '../db/client';
import { accounts, accountUsers, apiKeys, users } from '../db/schema/index';
import type { KeyActor } from './actor';
import { SessionCache } from './session-cache';

/** A live key: who it acts as, what it may do, and from where. */
export interface KeyView {
  actor: KeyActor;
  scopes: ReadonlySet<ApiKeyScope>;
  /** Null: any address. */
  allowedIps: BlockList | null;
  /**
   * The account's 2FA deadline while the creator has no 2FA (docs/product.md#two-factor-policy),
   * with the account's name for the refusal; null when the policy asks nothing of them.
   */
  twoFactorDue: { deadline: Date; account: string } | null;
}

interface LoadedKey {
  view: KeyView | null;
  revoked: boolean;
  /** Set when the hash matched the secret a roll replaced: it works until then. */
  previousUntil: Date | null;
}

// Changes arrive by NOTIFY (the api_keys trigger names the key's account); this bound only caps
// how long a missed one could matter.
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

function blockListOf(ranges: readonly string[]): BlockList | null {
  if (ranges.length === 0) return null;
  const list = new BlockList();
  for (const range of ranges) {
    const [address = '', prefix] = range.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** An address as the socket gives it (`::ffff:203.0.113.7` is the IPv4 address). */
export function addressAllowed(list: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return list.check(mapped, 'ipv4');
  return list.check(ip, isIPv4(ip) ? 'ipv4' : 'ipv6');
}

/**
 * Answers "which live key is this hash, and what may it do now?" for every key-authenticated
 * request: one prepared query on a miss (the key, its creator, their membership and the account),
 * none on a hit. The creator's permission is read with the key, so a demoted or removed creator's
 * keys change at once; entries are forgotten as the auth-change feed reports writes, like
 * sessions (docs/architecture.md "Session cache").
 */
export class LiveKeys {
  private readonly cache = new SessionCache<LoadedKey>(MAX_ENTRIES);
  private readonly unsubscribe: () => void;
  private readonly query;

  constructor(
    db: Db,
    private readonly changes: AuthChangeFeed,
  ) {
    this.unsubscribe = changes.subscribe((change) => this.cache.forget(change));
    this.query = db
      .select({
        key: apiKeys,
        permission: accountUsers.permission,
        disabled: users.disabled,
        totpEnabled: users.totpEnabled,
        accountName: accounts.name,
        twoFactorDeadline: accounts.twoFactorDeadline,
        closedAt: accounts.closedAt,
        disabledAt: accounts.disabledAt,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
      .leftJoin(
        accountUsers,
        and(
          eq(accountUsers.accountId, apiKeys.accountId),
          eq(accountUsers.userId, apiKeys.createdBy),
        ),
      )
      .where(
        or(
          eq(apiKeys.secretHash, sql.placeholder('hash')),
          eq(apiKeys.previousHash, sql.placeholder('hash')),
        ),
      )
      .limit(1)
      .prepare('live_api_key');
  }

  get stats(): { hits: number; misses: number; size: number } {
    return { hits: this.cache.hits, misses: this.cache.misses, size: this.cache.size };
  }

  /** The key's view if it works at `at`; null for an unknown, revoked or expired key. */
  async find(hash: string, at: Date): Promise<KeyView | null> {
    const cached = this.changes.live
      ? this.cache.get(hash, at.getTime() - MAX_AGE_MS)?.value
      : undefined;
    const loaded = cached ?? (await this.load(hash, at));
    if (!loaded?.view || loaded.revoked) return null;
    if (loaded.previousUntil && loaded.previousUntil <= at) return null;
    const expiresAt = loaded.view.actor.expiresAt;
    if (expiresAt && expiresAt <= at) return null;
    return loaded.view;
  }

  private async load(hash: string, at: Date): Promise<LoadedKey | null> {
    const ticket = this.cache.ticket();
    const [row] = await this.query.execute({ hash });
    if (!row) return null;
    const { key } = row;
    const permission = PermissionSchema.safeParse(row.permission);
    const usable =
      permission.success && !row.disabled && row.closedAt === null && row.disabledAt === null;
    const loaded: LoadedKey = {
      view: usable
        ? {
            actor: {
              userId: key.createdBy,
              accountId: key.accountId,
              sessionId: null,
              keyId: key.id,
              permission: permission.data,
              impersonatorId: null,
              label: key.stub,
              expiresAt: key.expiresAt,
            },
            scopes: new Set(key.scopes),
            allowedIps: blockListOf(key.allowedIps),
            // Kept as the deadline, not a verdict: the key stops the moment it passes, whatever
            // the cache holds. Turning 2FA on or the policy off is a write that forgets the entry.
            twoFactorDue:
              row.twoFactorDeadline && !row.totpEnabled
                ? { deadline: row.twoFactorDeadline, account: row.accountName }
                : null,
          }
        : null,
      revoked: key.revokedAt !== null,
      previousUntil: key.secretHash === hash ? null : (key.previousValidUntil ?? new Date(0)),
    };
    if (this.changes.live) {
      this.cache.set(
        hash,
        {
          value: loaded,
          userId: key.createdBy,
          accountIds: [key.accountId],
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
