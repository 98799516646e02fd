import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { InvoiceLine } from '@partner-portal/shared/billing';
import type { CardSummary } from '@partner-portal/shared/card';
import type { Db } from '../../../db/client';
import { localInvoiceCounters, localInvoices } from '../../../db/schema/index';
import { newProcessorId } from './processor-ids';

export type LocalInvoiceRow = typeof localInvoices.$inferSelect;

/**
 * The next number of `year`, taken in the caller's transaction: the counter row stays locked
 * until it commits, and a rolled-back invoice gives its number back, so numbers have no gaps.
 */
async function nextInvoiceNumber(tx: Db, year: number): Promise<string> {
  const [counter] = await tx
    .insert(localInvoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: localInvoiceCounters.year,
      set: { last: sql`${localInvoiceCounters.last} + 1` },
    })
    .returning({ last: localInvoiceCounters.last });
  if (!counter) throw new Error('invoice counter returned nothing');
  return `INV-${year}-${String(counter.last).padStart(6, '0')}`;
}

export interface NewInvoice {
  customerId: string;
  subscriptionId: string | null;
  currency: string;
  lines: InvoiceLine[];
  periodStart: Date;
  periodEnd: Date;
  /** The customer's (test-clock) time of issue; it also picks the number's year. */
  issuedAt: Date;
}

/** Finalises an invoice: numbered, open, its total never below zero (credits wait). */
export async function finalizeInvoice(tx: Db, invoice: NewInvoice): Promise<LocalInvoiceRow> {
  const subtotal = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const [row] = await tx
    .insert(localInvoices)
    .values({
      id: newProcessorId('in'),
      number: await nextInvoiceNumber(tx, invoice.issuedAt.getUTCFullYear()),
      customerId: invoice.customerId,
      subscriptionId: invoice.subscriptionId,
      status: 'open',
      currency: invoice.currency,
      subtotal,
      total: Math.max(0, subtotal),
      lines: invoice.lines,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      issuedAt: invoice.issuedAt,
    })
    .returning();
  if (!row) throw new Error('invoice insert returned nothing');
  return row;
}

export async function markInvoicePaid(tx: Db, id: string, paidAt: Date, card: CardSummary) {
  await tx
    .update(localInvoices)
    .set({ status: 'paid', paidAt, card })
    .where(eq(localInvoices.id, id));
}

export async function setInvoiceStatus(tx: Db, id: string, status: 'void' | 'uncollectible') {
  await tx.update(localInvoices).set({ status }).where(eq(localInvoices.id, id));
}

export async function findInvoice(db: Db, customerId: string, id: string) {
  const [row] = await db
    .select()
    .from(localInvoices)
    .where(and(eq(localInvoices.id, id), eq(localInvoices.customerId, customerId)))
    .limit(1);
  return row ?? null;
}

/** Newest first; the cursor is the last row's id, read back for its (issued, id) position. */
export async function listInvoices(
  db: Db,
  customerId: string,
  page: { cursor?: string; limit: number },
): Promise<{ rows: LocalInvoiceRow[]; nextCursor: string | null }> {
  const after = page.cursor ? await findInvoice(db, customerId, page.cursor) : null;
  const rows = await db
    .select()
    .from(localInvoices)
    .where(
      and(
        eq(localInvoices.customerId, customerId),
        after
          ? or(
              lt(localInvoices.issuedAt, after.issuedAt),
              and(eq(localInvoices.issuedAt, after.issuedAt), lt(localInvoices.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(localInvoices.issuedAt), desc(localInvoices.id))
    .limit(page.limit + 1);
  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  return { rows: shown, nextCursor: more ? (shown.at(-1)?.id ?? null) : null };
}
