import { useState } from 'react';
import { FileJson, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookEndpoint } from '@partner-portal/shared/webhooks';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DataTableCards } from '@/components/ui/data-table-cards';
import { DataTableGrid } from '@/components/ui/data-table-grid';
import { useCardLayout } from '@/components/ui/data-table-layout';
import type { DataTableViewProps } from '@/components/ui/data-table-view';
import { TablePaging } from '@/components/ui/table-paging';
import { useDeliveries } from '../api/webhooks';
import { deliveryLabel, useDeliveryColumns } from './delivery-columns';
import { PayloadDialog } from './payload-dialog';

const PAGE_SIZE = 20;
const noSort = () => undefined;

/**
 * One endpoint's deliveries, a server page at a time, newest first: a table (cards on a phone)
 * with paging, a refresh (a retried delivery is sent in the background), and each payload.
 */
export function DeliveriesPanel({ id, endpoint }: { id: string; endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [payloadOf, setPayloadOf] = useState<WebhookDelivery | null>(null);
  const list = useDeliveries(endpoint.id, page, PAGE_SIZE);
  const columns = useDeliveryColumns(endpoint.id);
  const cards = useCardLayout();
  const headingId = `${id}-heading`;

  const rows = list.data?.deliveries ?? [];
  const shownPage = list.data?.page ?? page;
  const pageSize = list.data?.page_size ?? PAGE_SIZE;
  const total = list.data?.total ?? 0;
  const format = (value: number) => value.toLocaleString(i18n.language, { useGrouping: 'always' });
  const start = rows.length === 0 ? 0 : (shownPage - 1) * pageSize + 1;
  const end = rows.length === 0 ? 0 : start + rows.length - 1;
  const busy = list.isFetching;

  const view: DataTableViewProps<WebhookDelivery> = {
    columns,
    rows,
    getRowId: (delivery) => delivery.id,
    getRowLabel: (delivery) => deliveryLabel(t, delivery),
    rowActions: (delivery) => [
      {
        label: t('webhooks.deliveries.view_payload'),
        icon: <FileJson aria-hidden />,
        onSelect: () => setPayloadOf(delivery),
      },
    ],
    caption: t('webhooks.deliveries.caption', { url: endpoint.url }),
    loading: list.isPending || list.isPlaceholderData,
    empty: list.isPending
      ? t('webhooks.deliveries.loading')
      : list.isError
        ? ''
        : t('webhooks.deliveries.empty'),
    sort: null,
    onSortChange: noSort,
  };

  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-3 border-t border-border pt-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 id={headingId} className="text-base font-semibold">
            {t('webhooks.deliveries.title')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('webhooks.deliveries.description')}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          loading={busy && !list.isPending}
          disabled={busy}
          onClick={() => void list.refetch()}
        >
          <RefreshCw aria-hidden />
          {t('webhooks.deliveries.refresh')}
        </Button>
      </div>
      {list.isError ? (
        <Banner variant="error" title={t('webhooks.deliveries.load_failed')}>
          {list.error.message}
        </Banner>
      ) : null}
      {/* The box the column priorities measure (container queries). */}
      <div className="@container grid grid-cols-1">
        {cards ? <DataTableCards {...view} headingLevel={4} /> : <DataTableGrid {...view} />}
      </div>
      <TablePaging
        start={format(start)}
        end={format(end)}
        total={format(total)}
        canPrevious={!busy && shownPage > 1}
        canNext={!busy && shownPage * pageSize < total}
        onPrevious={() => setPage(shownPage - 1)}
        onNext={() => setPage(shownPage + 1)}
      />
      <PayloadDialog delivery={payloadOf} onClose={() => setPayloadOf(null)} />
    </section>
  );
}
