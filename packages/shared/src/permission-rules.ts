/*
 * The permission matrix and its rules without zod, so the web's first load (route guards) does
 * not download and build the whole schema library; permissions.ts adds the schemas.
 */
export const PERMISSIONS = ['master', 'owner', 'admin', 'developer', 'user', 'advertiser'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * docs/product.md#roles-and-permissions access matrix: for each permission a user holds, the permissions it satisfies.
 * A route or page requiring `required` is allowed when `PERMISSION_MATRIX[actual][required]`.
 */
export const PERMISSION_MATRIX: Readonly<
  Record<Permission, Readonly<Record<Permission, boolean>>>
> = {
  master: {
    master: true,
    owner: true,
    admin: true,
    developer: false,
    user: true,
    advertiser: true,
  },
  owner: {
    master: false,
    owner: true,
    admin: true,
    developer: true,
    user: true,
    advertiser: true,
  },
  admin: {
    master: false,
    owner: false,
    admin: true,
    developer: false,
    user: true,
    advertiser: true,
  },
  // The product's first table had no developer row; a developer is a team member (user) who also
  // reaches developer-only items (API keys). See docs/decisions/0002-developer-permission.md.
  developer: {
    master: false,
    owner: false,
    admin: false,
    developer: true,
    user: true,
    advertiser: false,
  },
  user: {
    master: false,
    owner: false,
    admin: false,
    developer: false,
    user: true,
    advertiser: false,
  },
  advertiser: {
    master: false,
    owner: false,
    admin: false,
    developer: false,
    user: true,
    advertiser: true,
  },
};

export function hasPermission(
  actual: Permission | null | undefined,
  required: Permission,
): boolean {
  if (!actual) return false;
  return PERMISSION_MATRIX[actual][required];
}

/** Permissions that can be given through an invite or an edit (docs/product.md#validation-rules: never owner, never master). */
export const ASSIGNABLE_PERMISSIONS = ['admin', 'developer', 'user', 'advertiser'] as const;
export type AssignablePermission = (typeof ASSIGNABLE_PERMISSIONS)[number];
export const DEFAULT_INVITE_PERMISSION: AssignablePermission = 'user';
