import { apiKeyAccess, type KeyAccess } from '@partner-portal/shared/api-key-rules';
import type { ApiKey } from '@partner-portal/shared/api-keys';
import type { StoredSession } from '@partner-portal/shared/user';

export type { KeyAccess };

/** The shared rule (docs/product.md#api-keys) for a listed key: the server refuses the rest. */
export function keyAccess(
  key: ApiKey,
  session: Pick<StoredSession, 'id' | 'permission'> | null,
): KeyAccess {
  return apiKeyAccess(key.created_by?.id ?? null, session);
}
