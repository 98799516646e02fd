import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { emailField, passwordField } from '@partner-portal/shared/validation';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { AppError } from './app-error';

let database: Database;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, {
    register(instance) {
      instance.post(
        '/api/test/echo',
        {
          config: { access: 'public' },
          schema: {
            body: z.object({ email: emailField(), password: passwordField(), name: z.string() }),
          },
        },
        async (request) => ({ data: request.body }),
      );
      instance.post(
        '/api/test/strict',
        {
          config: { access: 'public' },
          schema: {
            body: z.strictObject({
              name: z.string(),
              nested: z.strictObject({ a: z.string() }).optional(),
            }),
          },
        },
        async (request) => ({ data: request.body }),
      );
      instance.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('secret internal detail');
      });
      // What pg raises when Postgres is down, bare and wrapped the way Drizzle wraps query errors.
      const refused = () =>
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      instance.get('/api/test/db-down', { config: { access: 'public' } }, async () => {
        throw refused();
      });
      instance.get('/api/test/db-down-wrapped', { config: { access: 'public' } }, async () => {
        throw new Error('Failed query: select 1', { cause: refused() });
      });
      instance.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
        throw new AppError('conflict', 'error.bad_request', { inputError: 'email' });
      });
      instance.get('/api/test/plan', { config: { access: 'public' } }, async () => {
        throw new AppError('payment_required', 'error.forbidden', { plan: 'free_plus' });
      });
    },
  });
  app = testApp.app;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (payload: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': 'application/json', ...testApp.xsrf, ...headers },
    payload,
  });

describe('API error envelope', () => {
  it('answers { data } on success', async () => {
    const response = await post(
      JSON.stringify({ email: 'A@Example.com', password: 'secret-pass!', name: 'x' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { email: 'a@example.com', password: 'secret-pass!', name: 'x' },
    });
  });

  it('names the first bad field in inputError with the shared message (400)', async () => {
    const response = await post(
      JSON.stringify({ email: 'not-an-email', password: 'short', name: 'x' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please enter a valid email address',
      inputError: 'email',
    });
  });

  it('words validation messages in Spanish for Accept-Language: es', async () => {
    const response = await post(
      JSON.stringify({ email: 'a@b.co', password: 'password1', name: 'x' }),
      {
        'accept-language': 'es-ES,es;q=0.9',
      },
    );
    expect(response.json()).toEqual({
      message: 'La contraseña debe contener al menos un carácter especial',
      inputError: 'password',
    });
  });

  it('falls back to a field message for zod defaults', async () => {
    const response = await post(
      JSON.stringify({ email: 'a@b.co', password: 'secret-pass!', name: 5 }),
    );
    expect(response.json()).toEqual({
      message: 'Please check the name field.',
      inputError: 'name',
    });
  });

  it('names an unknown key of a strict body in inputError and the message', async () => {
    const strict = (payload: object, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/test/strict',
        headers: { ...testApp.xsrf, ...headers },
        payload,
      });
    const top = await strict({ name: 'x', verified: true, account_id: 'a' });
    expect(top.statusCode).toBe(400);
    expect(top.json()).toEqual({
      message: 'verified is not a field this request accepts.',
      inputError: 'verified',
    });
    const nested = await strict({ name: 'x', nested: { a: 'y', b: 1 } });
    expect(nested.json()).toEqual({
      message: 'nested.b is not a field this request accepts.',
      inputError: 'nested.b',
    });
    const spanish = await strict({ name: 'x', plan: 'free_pro' }, { 'accept-language': 'es' });
    expect(spanish.json()).toEqual({
      message: 'Esta solicitud no acepta el campo plan.',
      inputError: 'plan',
    });
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await post('{"email":');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('rejects an unknown content type with 415', async () => {
    const response = await post('hello', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/text\/plain/);
  });

  it('rejects a body over 1 MiB with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is too large (the limit is 1 MiB).');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      message: 'There is no API endpoint at GET /api/nothing/here.',
    });
  });

  it('hides unexpected errors behind a generic 500 with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(body.message).toContain(body.requestId);
    expect(response.body).not.toMatch(/secret internal detail|at .*\.ts/);
  });

  it("answers 503 while the database is unreachable, in the caller's language", async () => {
    for (const url of ['/api/test/db-down', '/api/test/db-down-wrapped']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    }
    const spanish = await app.inject({
      method: 'GET',
      url: '/api/test/db-down',
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
    });
    expect(spanish.json().message).toBe(
      'El servicio no está disponible temporalmente. Inténtalo de nuevo en breve.',
    );
  });

  it('maps AppError codes to statuses with inputError and plan', async () => {
    const conflict = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().inputError).toBe('email');
    const plan = await app.inject({ method: 'GET', url: '/api/test/plan' });
    expect(plan.statusCode).toBe(402);
    expect(plan.json().plan).toBe('free_plus');
  });
});
