import type { Permission } from '@partner-portal/shared/permissions';

/** Who a request acts as: the session's user, in the session's account, with that permission. */
export interface Actor {
  userId: string;
  accountId: string;
  sessionId: string;
  permission: Permission;
  impersonatorId: string | null;
  /** When the session ends at the latest (its absolute lifetime). */
  expiresAt: Date;
}
