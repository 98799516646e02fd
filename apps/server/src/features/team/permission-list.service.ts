import {
  ASSIGNABLE_PERMISSIONS,
  hasPermission,
  PERMISSION_MATRIX,
  PERMISSIONS,
  type Permission,
} from '@partner-portal/shared/permissions';
import type { PermissionsResponse } from '@partner-portal/shared/team';
import type { Actor } from '../../lib/auth-guard';

const ASSIGNABLE: ReadonlySet<Permission> = new Set(ASSIGNABLE_PERMISSIONS);

/**
 * GET /api/user/permissions (docs/product.md#entities "an object whose keys are permission names"): what each
 * permission holds in the docs/product.md#roles-and-permissions matrix, and whether the caller may give it (invite and edit
 * are admin work, and never give owner or master).
 */
export function listPermissions(actor: Actor): PermissionsResponse {
  const canAssign = hasPermission(actor.permission, 'admin');
  const entry = (permission: Permission) => ({
    holds: PERMISSIONS.filter((held) => PERMISSION_MATRIX[permission][held]),
    assignable: canAssign && ASSIGNABLE.has(permission),
  });
  return {
    master: entry('master'),
    owner: entry('owner'),
    admin: entry('admin'),
    developer: entry('developer'),
    user: entry('user'),
    advertiser: entry('advertiser'),
  };
}
