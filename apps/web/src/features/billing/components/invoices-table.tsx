import { useState } from 'react';
import { Download, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@partner-portal/shared/billing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { apiBlob } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { invoicesQueryOptions } from '../api/billing-api';
import { formatBillingDay, formatMoney } from '@partner-portal/shared/money';

const STATUS_VARIANT: Record<
  InvoiceSummary['status'],
  'success' | 'info' | 'warning' | 'error' | 'secondary'
> = {
  paid: 'success',
  open: 'warning',
  draft: 'secondary',
  void: 'secondary',
  uncollectible: 'error',
};

/** Saves an invoice's PDF: Stripe's own link, or the one our API makes. */
export async function downloadInvoice(invoice: InvoiceSummary) {
  if (invoice.pdf_url) {
    window.open(invoice.pdf_url, '_blank', 'noopener');
    return;
  }
  const blob = await apiBlob(`/api/account/billing/invoices/${encodeURIComponent(invoice.id)}/pdf`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${invoice.number}.pdf`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function InvoicePage({
  cursor,
  last,
  onMore,
}: {
  cursor: string | null;
  last: boolean;
  onMore: (next: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useQuery(invoicesQueryOptions(cursor));
  if (isPending) return <Spinner label={t('ui.loading')} />;
  if (isError || !data) return null;
  if (data.invoices.length === 0 && cursor === null) {
    return <p className="text-sm text-muted-foreground">{t('billing.invoices.empty')}</p>;
  }
  return (
    <>
      <ul className="divide-y">
        {data.invoices.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3 text-sm">
            <span className="min-w-36 font-mono text-xs sm:text-sm">{invoice.number}</span>
            <span className="min-w-24 text-muted-foreground">
              {formatBillingDay(invoice.date, i18n.language)}
            </span>
            <Badge variant={STATUS_VARIANT[invoice.status]}>
              {t(`billing.invoices.status.${invoice.status}`)}
            </Badge>
            <span className="ml-auto font-medium">
              {formatMoney(invoice.total, invoice.currency, i18n.language)}
            </span>
            <span className="flex gap-1">
              <Button size="sm" variant="ghost" asChild>
                <Link
                  to={`/account/billing/invoice?id=${encodeURIComponent(invoice.id)}`}
                  aria-label={t('billing.invoices.view_label', { number: invoice.number })}
                >
                  <FileText aria-hidden />
                  {t('billing.invoices.view')}
                </Link>
              </Button>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('billing.invoices.download_label', { number: invoice.number })}
                onClick={() => void downloadInvoice(invoice).catch(handleApiError)}
              >
                <Download aria-hidden />
                {t('billing.invoices.download')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      {last && data.next_cursor ? (
        <Button
          variant="outline"
          className="mt-3 w-fit"
          onClick={() => onMore(data.next_cursor ?? '')}
        >
          {t('billing.invoices.more')}
        </Button>
      ) : null}
    </>
  );
}

/** docs/product.md#entities invoices: number, date, status, total; View and Download PDF; newest first. */
export function InvoicesTable() {
  const { t } = useTranslation();
  const [pages, setPages] = useState<(string | null)[]>([null]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t('billing.invoices.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {pages.map((cursor, index) => (
          <InvoicePage
            key={cursor ?? 'first'}
            cursor={cursor}
            last={index === pages.length - 1}
            onMore={(next) => setPages([...pages, next])}
          />
        ))}
      </CardContent>
    </Card>
  );
}
