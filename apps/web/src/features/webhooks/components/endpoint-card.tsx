import { useId } from 'react';
import { ChevronDown, ChevronUp, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint, WebhookReveal } from '@partner-portal/shared/webhooks';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatCell } from '@/components/ui/data-table-model';
import { RowActionsMenu } from '@/components/ui/data-table-row-actions';
import { DeliveriesPanel } from './deliveries-panel';
import { EndpointStatusBadge } from './endpoint-status-badge';
import { EventChips } from './event-chips';
import { useEndpointActions } from './use-endpoint-actions';

/**
 * One endpoint: where it posts, what it hears, whether it is on (and why not), its actions, and
 * its deliveries when opened.
 */
export function EndpointCard({
  endpoint,
  open,
  onToggleDeliveries,
  onShowDeliveries,
  onEdit,
  onRotated,
}: {
  endpoint: WebhookEndpoint;
  open: boolean;
  onToggleDeliveries: () => void;
  onShowDeliveries: () => void;
  onEdit: (endpoint: WebhookEndpoint) => void;
  onRotated: (rotated: WebhookReveal, from: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const panelId = `${id}-deliveries`;
  const { actions, testing, enable, enabling } = useEndpointActions(endpoint, {
    onEdit,
    onRotated,
    onTested: onShowDeliveries,
  });
  const failing = !endpoint.enabled && endpoint.disabled_reason === 'failing';
  const Chevron = open ? ChevronUp : ChevronDown;

  return (
    <Card aria-labelledby={titleId} role="group" className="grid gap-4 p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id={titleId} className="font-mono text-sm font-semibold break-all">
            {endpoint.url}
          </h2>
          <p className="text-sm text-muted-foreground">
            {endpoint.description ?? t('webhooks.endpoint.no_description')}
          </p>
        </div>
        <EndpointStatusBadge endpoint={endpoint} />
        <RowActionsMenu
          label={t('webhooks.actions.menu', { url: endpoint.url })}
          actions={actions}
        />
      </div>
      {failing ? (
        <Banner
          variant="warning"
          title={t('webhooks.endpoint.failing_title')}
          action={
            <Button variant="outline" size="sm" loading={enabling} onClick={enable}>
              {t('webhooks.endpoint.enable')}
            </Button>
          }
        >
          {t('webhooks.endpoint.failing_body')}
        </Banner>
      ) : null}
      {!endpoint.enabled && !failing ? (
        <p className="text-sm text-muted-foreground">{t('webhooks.endpoint.manual_off')}</p>
      ) : null}
      <EventChips events={endpoint.events} />
      {endpoint.previous_secret_expires_at ? (
        <p className="text-xs text-muted-foreground">
          {t('webhooks.endpoint.previous_secret', {
            date: formatCell(endpoint.previous_secret_expires_at, 'datetime'),
          })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={onToggleDeliveries}
        >
          <Chevron aria-hidden />
          {t(open ? 'webhooks.endpoint.hide_deliveries' : 'webhooks.endpoint.show_deliveries')}
        </Button>
        {/* Always there, so screen readers hear the text arrive in it. */}
        <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          {testing ? (
            <>
              <Loader2 aria-hidden className="size-4 animate-spin" />
              {t('webhooks.endpoint.testing')}
            </>
          ) : null}
        </span>
      </div>
      {open ? <DeliveriesPanel id={panelId} endpoint={endpoint} /> : null}
    </Card>
  );
}
