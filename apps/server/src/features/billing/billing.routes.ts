import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  BillingOverviewSchema,
  CardUpdateInputSchema,
  CardUpdateResponseSchema,
  InvoiceDocumentSchema,
  InvoiceIdParamsSchema,
  InvoiceListQuerySchema,
  InvoiceListSchema,
} from '@partner-portal/shared/billing';
import type { AppContext } from '../../lib/app-context';
import { requireActor, requireCaller } from '../../lib/auth-guard';
import { rateLimitFor } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { getBillingOverview } from './billing-overview.service';
import { updateCard } from './card-update.service';
import { renderInvoicePdf } from './invoice-pdf';
import { getInvoiceDocument, listAccountInvoices } from './invoices.service';
import { routesIn } from '../../lib/route-file';

/** /api/account/billing: the owner's billing screen (docs/product.md#roles-and-permissions: billing is the owner's). */
export const billingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    const owner = { permission: 'owner' } as const;

    app.get(
      '/',
      {
        config: { access: owner },
        schema: { response: { 200: dataEnvelope(BillingOverviewSchema) } },
      },
      async (request) => ok(await getBillingOverview(ctx, requireActor(request))),
    );

    app.get(
      '/invoices',
      {
        config: { access: owner },
        schema: {
          querystring: InvoiceListQuerySchema,
          response: { 200: dataEnvelope(InvoiceListSchema) },
        },
      },
      async (request) => ok(await listAccountInvoices(ctx, requireActor(request), request.query)),
    );

    app.get(
      '/invoices/:id',
      {
        config: { access: owner },
        schema: {
          params: InvoiceIdParamsSchema,
          response: { 200: dataEnvelope(InvoiceDocumentSchema) },
        },
      },
      async (request) =>
        ok(await getInvoiceDocument(ctx, requireActor(request), request.params.id)),
    );

    // The invoice as a PDF made here (Stripe's own PDF link is in the list on Stripe).
    app.get(
      '/invoices/:id/pdf',
      { config: { access: owner }, schema: { params: InvoiceIdParamsSchema } },
      async (request, reply) => {
        const invoice = await getInvoiceDocument(ctx, requireActor(request), request.params.id);
        const { locale } = request;
        const pdf = await renderInvoicePdf(invoice, locale);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
          .send(Buffer.from(pdf));
      },
    );

    app.put(
      '/card',
      {
        config: { access: owner, credentials: true, rateLimit: rateLimitFor('card') },
        schema: {
          body: CardUpdateInputSchema,
          response: { 200: dataEnvelope(CardUpdateResponseSchema) },
        },
      },
      async (request) => ok(await updateCard(ctx, requireCaller(request), request.body)),
    );
  },
);
