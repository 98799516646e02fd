import { eq } from 'drizzle-orm';
import type { InvoiceSummary } from '@partner-portal/shared/billing';
import { localCustomers } from '../../../db/schema/index';
import type { BillingProvider, ProviderInvoice } from '../../../lib/billing-provider';
import { changeDefaultCard } from './processor-authenticate';
import {
  attachPaymentMethod,
  findPaymentMethod,
  setDefaultPaymentMethod,
  summaryOf,
} from './processor-cards';
import { findInvoice, listInvoices, type LocalInvoiceRow } from './processor-invoices';
import { cancelNow } from './processor-lifecycle';
import { loadCustomer, type ProcessorDeps } from './processor-snapshot';
import {
  createCustomer,
  createSubscription,
  findSubscriptionByAttempt,
  getSubscription,
  previewUpgrade,
  schedulePlan,
  setCancelAtPeriodEnd,
  setQuantity,
  upgradeNow,
} from './processor-subscriptions';

const day = (date: Date) => date.toISOString();

function summaryOfInvoice(row: LocalInvoiceRow): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    date: day(row.issuedAt),
    status: row.status as InvoiceSummary['status'],
    total: row.total,
    currency: row.currency,
    pdf_url: null,
  };
}

function documentOf(row: LocalInvoiceRow): ProviderInvoice {
  return {
    ...summaryOfInvoice(row),
    period: { start: day(row.periodStart), end: day(row.periodEnd) },
    lines: row.lines,
    subtotal: row.subtotal,
    paid_at: row.paidAt ? day(row.paidAt) : null,
    card: row.card,
  };
}

/** The built-in card processor behind the app's provider interface (docs/billing.md). */
export function createLocalProvider(deps: ProcessorDeps): BillingProvider {
  return {
    kind: 'local',
    publishableKey: null,
    inTransaction: (db) => createLocalProvider({ ...deps, db }),
    createCustomer: (input) => createCustomer(deps, input),
    async attachDefaultCard(customerId, token) {
      const card = await attachPaymentMethod(deps.db, customerId, token);
      const customer = await loadCustomer(deps.db, customerId);
      await setDefaultPaymentMethod(deps.db, customerId, card.id);
      return {
        card: summaryOf(card),
        action: null,
        changed: customer.defaultPaymentMethodId !== card.id,
      };
    },
    async replaceDefaultCard(customerId, token) {
      return (await changeDefaultCard(deps, customerId, token)).change;
    },
    async getDefaultCard(customerId) {
      const [customer] = await deps.db
        .select({ card: localCustomers.defaultPaymentMethodId })
        .from(localCustomers)
        .where(eq(localCustomers.id, customerId));
      const card = await findPaymentMethod(deps.db, customer?.card ?? null);
      return card ? summaryOf(card) : null;
    },
    createSubscription: (input) => createSubscription(deps, input),
    getSubscription: (id) => getSubscription(deps, id),
    findSubscriptionByAttempt: (customerId, key) =>
      findSubscriptionByAttempt(deps, customerId, key),
    previewUpgrade: (id, plan) => previewUpgrade(deps, id, plan),
    upgradeNow: (id, plan, _key, prorationDate) => upgradeNow(deps, id, plan, prorationDate),
    schedulePlan: (id, plan) => schedulePlan(deps, id, plan),
    setCancelAtPeriodEnd: (id, cancel) => setCancelAtPeriodEnd(deps, id, cancel),
    cancelNow: (id) => cancelNow(deps, id),
    setQuantity: (id, quantity) => setQuantity(deps, id, quantity),
    async listInvoices(customerId, page) {
      const { rows, nextCursor } = await listInvoices(deps.db, customerId, page);
      return { invoices: rows.map(summaryOfInvoice), nextCursor };
    },
    async getInvoice(customerId, invoiceId) {
      const row = await findInvoice(deps.db, customerId, invoiceId);
      return row ? documentOf(row) : null;
    },
  };
}
