import type { TFunction } from 'i18next';

/**
 * The actions the server records today, in the order the action filter offers them. Each has a
 * label under `audit.actions` in every language; an action missing here (one the server learned
 * after this screen) is shown as its raw `noun.verb`.
 */
export const KNOWN_AUDIT_ACTIONS = [
  'auth.signin',
  'auth.signin_failed',
  'auth.signout',
  'api_key.created',
  'api_key.updated',
  'api_key.rolled',
  'api_key.revoked',
  'api_key.deleted',
  'api_key.denied',
  'audit.exported',
] as const;

type KnownAuditAction = (typeof KNOWN_AUDIT_ACTIONS)[number];

function isKnownAuditAction(action: string): action is KnownAuditAction {
  return (KNOWN_AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** What a row or an option says for `action`: its label, or the raw name when it has none. */
export function actionLabel(action: string, t: TFunction): string {
  return isKnownAuditAction(action) ? t(`audit.actions.${action}`) : action;
}
