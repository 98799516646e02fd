import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Compresses API answers (JSON, CSV, PDF) for clients that accept it. Brotli at quality 4 costs
 * about what gzip does and is smaller; the highest levels are for files compressed once at build
 * time (lib/spa.ts). Answers under 1 KB — most API calls, GET /api/user included — go as they
 * are: compressing them would cost more time than the bytes it saves.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
