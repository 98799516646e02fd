import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer } from './response-serializer';

const Account = z.object({ id: z.string(), name: z.string() });
const User = z.object({
  id: z.string(),
  name: z.string().nullable(),
  '2fa_enabled': z.boolean(),
  seats: z.number().int(),
  plan: z.enum(['free_core', 'free_plus']).nullable(),
  note: z.string().optional(),
  accounts: z.array(Account),
  tags: z.record(z.string(), z.number()),
  kind: z.union([z.literal('person'), z.object({ team: z.string() })]),
});

let app: FastifyInstance | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

async function serve(schema: z.ZodType, data: unknown, selfCheck = true) {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ selfCheck }));
  app.get('/it', { schema: { response: { 200: schema } } }, async () => data);
  return app.inject({ method: 'GET', url: '/it' });
}

const user = {
  id: 'u1',
  name: 'Ana "Ñ" <b>',
  '2fa_enabled': true,
  seats: 3,
  plan: null,
  accounts: [{ id: 'a1', name: 'Northwind', secret: 'leak' }],
  tags: { a: 1, 'b c': 2 },
  kind: { team: 't', hidden: true },
  password_hash: '$argon2id$leak',
};

describe('response serializer', () => {
  it('writes what JSON.stringify of the parsed value writes, and nothing the schema does not name', async () => {
    const response = await serve(User, user);
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({
      id: 'u1',
      name: 'Ana "Ñ" <b>',
      '2fa_enabled': true,
      seats: 3,
      plan: null,
      accounts: [{ id: 'a1', name: 'Northwind' }],
      tags: { a: 1, 'b c': 2 },
      kind: { team: 't' },
    });
    expect(response.body).not.toContain('leak');
  });

  it('refuses a value of the wrong type with a 500 instead of sending it', async () => {
    const response = await serve(User, { ...user, seats: 'three' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('three');
  });

  it('keeps encode for a schema with a transform, and for one JSON Schema cannot describe', async () => {
    const cents = z.object({ total: z.number().transform((n) => n / 100) });
    // A transform cannot be run backwards: encode refuses rather than send an unchecked value.
    expect((await serve(cents, { total: 1250 })).statusCode).toBe(500);
    const dated = z.object({ at: z.date() });
    const response = await serve(dated, { at: new Date('2026-11-24T10:00:00.000Z') });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ at: '2026-11-24T10:00:00.000Z' });
  });
});
