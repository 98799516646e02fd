import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@partner-portal/shared/audit';

/** What was acted on: its kind in words when we know it, else as the server names it, and its id. */
export function AuditTarget({ target }: { target: AuditEvent['target'] }) {
  const { t, i18n } = useTranslation();
  if (!target.type && !target.id) return null;
  const typeKey = `audit.target_types.${target.type}`;
  const kind = target.type && i18n.exists(typeKey) ? t(typeKey) : target.type;
  return (
    <span className="grid whitespace-normal">
      {kind ? <span>{kind}</span> : null}
      {target.id ? (
        <code className="font-mono text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {target.id}
        </code>
      ) : null}
    </span>
  );
}
