import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import {
  EmbedInputSchema,
  EmbedResponseSchema,
  WorkbookListSchema,
} from '@partner-portal/shared/workbooks';
import type { AppContext } from '../../lib/app-context';
import { requireActor, requireCaller } from '../../lib/auth-guard';
import { ok } from '../../lib/reply';
import { mintEmbedUrl } from './embed.service';
import { workbooksFor } from './workbook-access.service';
import { routesIn } from '../../lib/route-file';

/** docs/product.md#api-calls `/api/sigma/workbook`: named after Sigma, served by whichever provider is configured. */
export const sigmaWorkbookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = routesIn(
  import.meta.url,
  async (app, { ctx }) => {
    app.get(
      '/',
      {
        config: { access: { permission: 'user' }, scope: 'workbook.read' },
        schema: { response: { 200: dataEnvelope(WorkbookListSchema) } },
      },
      async (request) => {
        const list = await workbooksFor(ctx, requireActor(request));
        return ok(list.map(({ name, workbookId, kind }) => ({ name, workbookId, kind })));
      },
    );

    app.post(
      '/embed',
      {
        config: { access: { permission: 'user' } },
        schema: { body: EmbedInputSchema, response: { 200: dataEnvelope(EmbedResponseSchema) } },
      },
      async (request) => ok(await mintEmbedUrl(ctx, requireCaller(request), request.body)),
    );
  },
);
