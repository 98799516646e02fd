import type { ApiKey } from '@partner-portal/shared/api-keys';
import type { StoredSession } from '@partner-portal/shared/user';

/**
 * docs/product.md#api-keys: renaming, revoking and deleting are for the key's creator or the
 * owner; rolling, rescoping and IP ranges for the creator only, since a new secret or a wider
 * scope would let someone else act as them. The server refuses the rest; the screen hides it.
 */
export interface KeyAccess {
  /** Rename, revoke, delete. */
  manage: boolean;
  /** Roll, scopes, IP ranges. */
  reshape: boolean;
}

export function keyAccess(
  key: ApiKey,
  session: Pick<StoredSession, 'id' | 'permission'> | null,
): KeyAccess {
  const creator = session !== null && key.created_by?.id === session.id;
  return { manage: creator || session?.permission === 'owner', reshape: creator };
}
