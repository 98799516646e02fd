import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataEnvelope } from '@partner-portal/shared/api';
import type { AppContext } from '../../lib/app-context';
import type { Caller } from '../../lib/audit';
import { requireCaller } from '../../lib/auth-guard';
import type { MessageKey } from '../../lib/messages';
import { okSaying } from '../../lib/reply';
import { CONSOLE_ACCESS } from './console-guard';

type ConsoleApp = Parameters<FastifyPluginAsyncZod>[0];

/** A console route's config: master with 2FA (the guard checks the 2FA). */
export const CONSOLE_CONFIG = { access: CONSOLE_ACCESS };
/** A sensitive console action: also a 2FA code typed in the last ten minutes. */
export const CONSOLE_SENSITIVE = { access: CONSOLE_ACCESS, stepUp: true };

export const IdParamsSchema = z.object({ id: z.string() });
/** An action whose answer is only its notification message. */
export const DONE_RESPONSE = { response: { 200: dataEnvelope(z.null()) } };

/**
 * `POST /:id/disable` and `/:id/enable` for one kind of row: disabling is sensitive (a fresh code),
 * enabling again is not, since it only gives back what was there.
 */
export function registerDisableSwitch(
  app: ConsoleApp,
  ctx: AppContext,
  set: (
    ctx: AppContext,
    by: Caller,
    id: string,
    disabled: boolean,
  ) => Promise<Record<string, string>>,
  messages: { disabled: MessageKey; enabled: MessageKey },
): void {
  for (const disabled of [true, false]) {
    app.post(
      disabled ? '/:id/disable' : '/:id/enable',
      {
        config: disabled ? CONSOLE_SENSITIVE : CONSOLE_CONFIG,
        schema: { params: IdParamsSchema, ...DONE_RESPONSE },
      },
      async (request) => {
        const done = await set(ctx, requireCaller(request), request.params.id, disabled);
        return okSaying(request, null, disabled ? messages.disabled : messages.enabled, done);
      },
    );
  }
}
