import type { Charge } from '@partner-portal/shared/billing';
import type { SubscriptionSnapshot } from '../../lib/billing-provider';

/**
 * What the subscription's latest invoice took from the card, when it is paid and charged
 * anything: the amount an upgrade's toast and mail name, with the invoice that shows it.
 */
export function chargeOf(snapshot: SubscriptionSnapshot): Charge | null {
  const invoice = snapshot.latestInvoice;
  if (!invoice?.paid || invoice.total <= 0) return null;
  return {
    amount: invoice.total,
    currency: invoice.currency,
    invoice_id: invoice.id,
    invoice_number: invoice.number,
  };
}
