import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request, at debug (and one as it arrives, at trace): at info, two lines a request buried what a person running
 * the server looks for (its address, a mail's links, warnings). A request that failed is still
 * an error line, as Fastify writes it.
 */
export class DebugRequestLog extends LogController {
  // At trace only: what an operator chasing one stuck request (or a test) turns on.
  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ req: request }, 'request received');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    reply.log.debug(
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) },
      'request completed',
    );
  }
}
