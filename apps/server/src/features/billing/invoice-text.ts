import type { InvoiceDocument } from '@partner-portal/shared/billing';
import type { Locale } from '@partner-portal/shared/constants';

/** The words printed on an invoice PDF, one set per locale. */
export interface InvoiceText {
  title: string;
  number: string;
  date: string;
  billTo: string;
  from: string;
  billingPeriod: string;
  status: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  subtotal: string;
  total: string;
  paidStamp: string;
  proration: string;
  footer: string;
  statuses: Record<InvoiceDocument['status'], string>;
  /** A card whose brand is not known, in running text. */
  genericCard: string;
  paidOn: (date: string, brand: string, last4: string) => string;
}

export const INVOICE_TEXT: Record<Locale, InvoiceText> = {
  en: {
    title: 'Invoice',
    number: 'Invoice number',
    date: 'Date',
    billTo: 'Bill to',
    from: 'From',
    billingPeriod: 'Billing period',
    status: 'Status',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    total: 'Total',
    paidStamp: 'Paid',
    proration: 'Proration',
    footer: 'Thank you for your business.',
    statuses: {
      draft: 'Draft',
      open: 'Open',
      paid: 'Paid',
      void: 'Void',
      uncollectible: 'Uncollectible',
    },
    genericCard: 'card',
    paidOn: (date, brand, last4) => `Paid on ${date} with ${brand} •••• ${last4}`,
  },
  es: {
    title: 'Factura',
    number: 'Número de factura',
    date: 'Fecha',
    billTo: 'Cliente',
    from: 'Emisor',
    billingPeriod: 'Periodo de facturación',
    status: 'Estado',
    description: 'Descripción',
    quantity: 'Cant.',
    unitPrice: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    total: 'Total',
    paidStamp: 'Pagada',
    proration: 'Prorrateo',
    footer: 'Gracias por confiar en nosotros.',
    statuses: {
      draft: 'Borrador',
      open: 'Pendiente de pago',
      paid: 'Pagada',
      void: 'Anulada',
      uncollectible: 'Incobrable',
    },
    genericCard: 'tarjeta',
    paidOn: (date, brand, last4) => `Pagada el ${date} con ${brand} •••• ${last4}`,
  },
};
