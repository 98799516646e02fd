import type { Permission } from '@partner-portal/shared/permissions';

interface ActorBase {
  userId: string;
  accountId: string;
  /** The permission held in that account now (a key's creator's, read on every call). */
  permission: Permission;
  impersonatorId: string | null;
  /** How the audit log names the actor: the user's e-mail, or the key's stub. */
  label: string;
}

/** A signed-in person's session. */
export interface SessionActor extends ActorBase {
  sessionId: string;
  keyId: null;
  /** When the session ends at the latest (its absolute lifetime). */
  expiresAt: Date;
}

/** An API key, acting as the user who made it (docs/product.md#api-keys). */
export interface KeyActor extends ActorBase {
  sessionId: null;
  keyId: string;
  impersonatorId: null;
  /** Null for a key that never expires. */
  expiresAt: Date | null;
}

/** Who a request acts as: a session's user, or an API key's creator, in one account. */
export type Actor = SessionActor | KeyActor;
