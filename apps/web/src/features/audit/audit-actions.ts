import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, type AuditAction } from '@partner-portal/shared/audit';

/**
 * The actions the filter offers: the ones this build of the server records. A row with another
 * (written by a newer server than this screen) is shown as its raw `noun.verb`.
 */
export const KNOWN_AUDIT_ACTIONS = AUDIT_ACTIONS;

function isKnownAuditAction(action: string): action is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(action);
}

/** What a row or an option says for `action`: its label, or the raw name when it has none. */
export function actionLabel(action: string, t: TFunction): string {
  return isKnownAuditAction(action) ? t(`audit.actions.${action}`) : action;
}
