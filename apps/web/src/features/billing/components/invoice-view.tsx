import { ArrowLeft, Download, Printer } from 'lucide-react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { handleApiError } from '@/lib/error-handler';
import { invoiceQueryOptions } from '../api/billing-api';
import { formatBillingDay, formatMoney } from '@partner-portal/shared/money';
import { downloadInvoice } from './invoices-table';
import { CardLine } from './payment-card';

/**
 * One invoice as a printable page: seller, customer, period, its lines (proration marked),
 * totals, the paid stamp and the card it was paid with. Printing leaves out the app around it.
 */
export function InvoiceView({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { data: invoice, isPending, isError } = useQuery(invoiceQueryOptions(id));
  if (isPending) return <Spinner label={t('ui.loading')} />;
  if (isError) return <Banner variant="error" title={t('billing.invoice.not_found')} />;
  const money = (cents: number) => formatMoney(cents, invoice.currency, i18n.language);
  const day = (iso: string) => formatBillingDay(iso, i18n.language);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="ghost" asChild>
          <Link to="/account/billing">
            <ArrowLeft aria-hidden />
            {t('billing.invoice.back')}
          </Link>
        </Button>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden />
          {t('billing.invoice.print')}
        </Button>
        <Button
          variant="outline"
          onClick={() => void downloadInvoice(invoice).catch(handleApiError)}
        >
          <Download aria-hidden />
          {t('billing.invoices.download')}
        </Button>
      </div>
      <Card className="relative grid gap-6 p-6 print:border-0 print:shadow-none sm:p-8">
        {invoice.status === 'paid' ? (
          <span
            aria-hidden
            className="absolute top-6 right-6 rotate-[-8deg] rounded border-2 border-success px-3 py-1 text-lg font-bold tracking-widest text-success uppercase"
          >
            {t('billing.invoices.status.paid')}
          </span>
        ) : null}
        <header className="grid gap-1">
          {/* The invoice is the page (its frame hides the usual title): this is its heading. */}
          <h1 className="text-2xl font-semibold">{t('billing.invoice.title')}</h1>
          <p className="font-mono text-sm">{invoice.number}</p>
          <p className="text-sm text-muted-foreground">
            {t('billing.invoice.issued', { date: day(invoice.date) })} ·{' '}
            {t(`billing.invoices.status.${invoice.status}`)}
          </p>
        </header>
        <div className="grid gap-4 text-sm sm:grid-cols-2">
          <section>
            <h2 className="font-semibold">{t('billing.invoice.from')}</h2>
            <p>{invoice.seller.name}</p>
            {invoice.seller.address.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p className="text-muted-foreground">{invoice.seller.email}</p>
          </section>
          <section>
            <h2 className="font-semibold">{t('billing.invoice.to')}</h2>
            <p>{invoice.customer.name}</p>
            <p className="text-muted-foreground">{invoice.customer.email}</p>
          </section>
        </div>
        <p className="text-sm">
          {t('billing.invoice.period', {
            start: day(invoice.period.start),
            end: day(invoice.period.end),
          })}
        </p>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('billing.invoice.lines')}</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('billing.invoice.description')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('billing.invoice.quantity')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('billing.invoice.unit_price')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('billing.invoice.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line, index) => (
                <tr key={index} className="border-b">
                  <td className="py-2 pr-4">
                    {line.description}
                    {line.proration ? (
                      <span className="ml-2 text-xs text-muted-foreground">
                        {t('billing.invoice.proration')}
                      </span>
                    ) : null}
                    <span className="block text-xs text-muted-foreground">
                      {day(line.period.start)} – {day(line.period.end)}
                    </span>
                  </td>
                  <td className="py-2 pr-4 text-right">{line.quantity}</td>
                  <td className="py-2 pr-4 text-right">{money(line.unit_amount)}</td>
                  <td className="py-2 text-right">{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className="py-2 pr-4 text-right font-medium">
                  {t('billing.invoice.subtotal')}
                </th>
                <td className="py-2 text-right">{money(invoice.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3} className="py-2 pr-4 text-right font-semibold">
                  {t('billing.invoice.total')}
                </th>
                <td className="py-2 text-right font-semibold" data-testid="invoice-total">
                  {money(invoice.total)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        {invoice.paid_at && invoice.card ? (
          <p className="text-sm text-muted-foreground">
            {t('billing.invoice.paid_on', { date: day(invoice.paid_at) })}{' '}
            <CardLine card={invoice.card} />
          </p>
        ) : null}
      </Card>
    </div>
  );
}
