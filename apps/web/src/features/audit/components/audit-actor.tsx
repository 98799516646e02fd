import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@partner-portal/shared/audit';
import { Badge } from '@/components/ui/badge';

/**
 * Who acted: their label (a name or e-mail) or, failing that, their id; what kind of actor; and
 * whether support acted for them while impersonating. Which operator it was is not shown: the
 * account sees that support acted, not who at support.
 */
export function AuditActor({ event }: { event: AuditEvent }) {
  const { t } = useTranslation();
  const { actor } = event;
  const name = actor.label ?? actor.id;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 whitespace-normal">
      {name ? (
        <span className="font-medium text-foreground [overflow-wrap:anywhere]">{name}</span>
      ) : null}
      <Badge variant="secondary" data-actor-type={actor.type}>
        {t(`audit.actor_types.${actor.type}`)}
      </Badge>
      {event.on_behalf_of ? (
        <Badge variant="outline" data-via-support>
          <LifeBuoy aria-hidden className="size-3" />
          {t('audit.via_support')}
        </Badge>
      ) : null}
    </span>
  );
}
