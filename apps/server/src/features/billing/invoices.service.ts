import { and, eq } from 'drizzle-orm';
import type { InvoiceDocument, InvoiceList } from '@partner-portal/shared/billing';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/auth-guard';
import { customerIdOf } from './billing-customer';

const INVOICE_PAGE_SIZE = 12;

/** GET /api/account/billing/invoices: newest first, a page at a time. */
export async function listAccountInvoices(
  ctx: AppContext,
  actor: Actor,
  page: { cursor?: string; limit?: number },
): Promise<InvoiceList> {
  const customerId = await customerIdOf(ctx, actor.accountId);
  if (!customerId) return { invoices: [], next_cursor: null };
  const { invoices, nextCursor } = await ctx.billing.listInvoices(customerId, {
    cursor: page.cursor,
    limit: page.limit ?? INVOICE_PAGE_SIZE,
  });
  return { invoices, next_cursor: nextCursor };
}

/**
 * One invoice in full, with who sold and who bought (the printable view and the PDF). Another
 * account's invoice id is "not found", as any other object of another account.
 */
export async function getInvoiceDocument(
  ctx: AppContext,
  actor: Actor,
  invoiceId: string,
): Promise<InvoiceDocument> {
  const customerId = await customerIdOf(ctx, actor.accountId);
  const invoice = customerId ? await ctx.billing.getInvoice(customerId, invoiceId) : null;
  if (!invoice) throw new AppError('not_found', 'error.invoice_not_found');
  const [buyer] = await ctx.db
    .select({ name: accounts.name, email: users.email })
    .from(accounts)
    .innerJoin(accountUsers, eq(accountUsers.accountId, accounts.id))
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accounts.id, actor.accountId), eq(accountUsers.permission, 'owner')))
    .limit(1);
  return {
    ...invoice,
    seller: { name: 'Partner Portal', address: [], email: ctx.config.supportEmail },
    customer: { name: buyer?.name ?? '', email: buyer?.email ?? '' },
  };
}
