/*
 * API keys without zod (docs/product.md#api-keys): the scopes, which permission each needs, and
 * the key's shape. The screen's first load reads these; api-keys.ts adds the schemas.
 */
import { hasPermission, type Permission } from './permission-rules';

/**
 * What a key may do, as `resource.action`. Each scope is declared on the routes it opens, beside
 * their access rule; a route without one refuses keys.
 */
export const API_KEY_SCOPES = [
  'account.read',
  'user.read',
  'invite.create',
  'invite.delete',
  'user.update',
  'user.delete',
  'workbook.read',
  'report.read',
  'report.export',
  'report.import',
  'event.create',
  'audit.read',
  'webhook.manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The permission the routes of each scope require: a key never holds a scope its creator's
 * permission could not use, when it is made and on every call (a test checks each route's
 * declared permission against this table).
 */
export const SCOPE_PERMISSION: Readonly<Record<ApiKeyScope, Permission>> = {
  'account.read': 'user',
  'user.read': 'admin',
  'invite.create': 'admin',
  'invite.delete': 'admin',
  'user.update': 'admin',
  'user.delete': 'admin',
  'workbook.read': 'user',
  'report.read': 'user',
  'report.export': 'user',
  'report.import': 'admin',
  'event.create': 'user',
  'audit.read': 'admin',
  'webhook.manage': 'developer',
};

/** The scopes someone holding `permission` may put on a key. */
export function grantableScopes(permission: Permission | null | undefined): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => hasPermission(permission, SCOPE_PERMISSION[scope]));
}

/** What someone may do to a key of their account (docs/product.md#api-keys). */
export interface KeyAccess {
  /** Rename, revoke, delete: the key's creator, or the owner. */
  manage: boolean;
  /**
   * Roll, rescope, re-range: the creator only, since a new secret or a wider scope would let
   * someone else act as them.
   */
  reshape: boolean;
}

export function apiKeyAccess(
  creatorId: string | null,
  viewer: { id: string; permission: Permission } | null,
): KeyAccess {
  const creator = viewer !== null && creatorId === viewer.id;
  return { manage: creator || viewer?.permission === 'owner', reshape: creator };
}

/** `pp_live_` with a card processor that takes money, `pp_test_` with the built-in one. */
export const API_KEY_PREFIXES = ['pp_live_', 'pp_test_'] as const;
export const API_KEY_SECRET_LENGTH = 32;
export const API_KEY_CHECKSUM_LENGTH = 6;
/** An Authorization header carrying a key rather than a session JWT: told apart by the prefix. */
export const API_KEY_BEARER_PREFIX = 'Bearer pp_';

/** A key as typed: prefix, 32 base62 characters, a 6-character base62 checksum. */
export const API_KEY_PATTERN = /^pp_(live|test)_[0-9A-Za-z]{38}$/;

/** Live keys per account, revoked and expired ones not counted. */
export const MAX_LIVE_API_KEYS = 20;
export const API_KEY_NAME_MAX_LENGTH = 100;
export const API_KEY_DEFAULT_EXPIRY_DAYS = 90;
/** The longest a key may live: a year, so none is forgotten for good. */
export const API_KEY_MAX_EXPIRY_DAYS = 366;
/** The soonest a chosen expiry may be: tomorrow, since a key that dies within hours is a typo. */
export const API_KEY_MIN_EXPIRY_DAYS = 1;
const DAY_MS = 86_400_000;

/** A chosen expiry (epoch ms) lies between tomorrow and API_KEY_MAX_EXPIRY_DAYS from `now`. */
export function isKeyExpiryInRange(expiresAt: number, now: number): boolean {
  return (
    expiresAt >= now + API_KEY_MIN_EXPIRY_DAYS * DAY_MS &&
    expiresAt <= now + API_KEY_MAX_EXPIRY_DAYS * DAY_MS
  );
}
/** The expiry mail goes this many days before a key stops. */
export const API_KEY_EXPIRY_WARNING_DAYS = 7;
export const MAX_API_KEY_IP_RANGES = 20;
/** How long the secret a roll replaces keeps working. */
export const API_KEY_ROLL_OVERLAPS = ['0', '1h', '24h', '7d'] as const;
export type ApiKeyRollOverlap = (typeof API_KEY_ROLL_OVERLAPS)[number];
export const ROLL_OVERLAP_MS: Readonly<Record<ApiKeyRollOverlap, number>> = {
  '0': 0,
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};
/** Days of use the list shows per key (the sparkline). */
export const API_KEY_USAGE_DAYS = 30;
