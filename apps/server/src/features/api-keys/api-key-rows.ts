import type { ApiKey, ApiKeyStatus } from '@partner-portal/shared/api-keys';
import { API_KEY_USAGE_DAYS } from '@partner-portal/shared/api-key-rules';
import type { apiKeys } from '../../db/schema/index';

type KeyRow = typeof apiKeys.$inferSelect;

const DAY_MS = 86_400_000;

export function keyStatus(key: KeyRow, now: Date): ApiKeyStatus {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && key.expiresAt <= now) return 'expired';
  return 'active';
}

/** The UTC days the sparkline covers, oldest first, ending today. */
export function usageDays(now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: API_KEY_USAGE_DAYS }, (_, index) =>
    new Date(today - (API_KEY_USAGE_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Who made a key, as the list needs them. */
interface KeyCreator {
  id: string;
  firstName: string;
  lastName: string;
  totpEnabled: boolean;
}

/**
 * docs/product.md#api-keys "Key" as the list shows it: never the secret. `twoFactorDeadline` is
 * the account's, if it requires 2FA: past it, a creator without 2FA has their keys refused.
 */
export function toApiKey(
  key: KeyRow,
  creator: KeyCreator | null,
  calls: ReadonlyMap<string, number>,
  now: Date,
  twoFactorDeadline: Date | null,
): ApiKey {
  const previousLive = key.previousValidUntil && key.previousValidUntil > now;
  return {
    id: key.id,
    name: key.name,
    stub: key.stub,
    scope: key.scopes,
    allowed_ips: key.allowedIps,
    created_by: creator
      ? { id: creator.id, name: `${creator.firstName} ${creator.lastName}`.trim() }
      : null,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    last_used_ip: key.lastUsedIp,
    expires_at: key.expiresAt?.toISOString() ?? null,
    previous_valid_until: previousLive ? key.previousValidUntil!.toISOString() : null,
    status: keyStatus(key, now),
    two_factor_required:
      creator !== null &&
      !creator.totpEnabled &&
      twoFactorDeadline !== null &&
      twoFactorDeadline <= now,
    usage: usageDays(now).map((day) => calls.get(day) ?? 0),
  };
}
