import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import type { CreateUserOptions } from './factories';
import { bearer, randomIp, signedInUser } from './identity-helpers';

/** The built-in card processor's tokenising call, as its card form makes it. */
export async function cardToken(
  app: FastifyInstance,
  session: string,
  number = '4242 4242 4242 4242',
): Promise<string> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/billing/local/cards',
    headers: bearer(session),
    remoteAddress: randomIp(),
    payload: { number, expiry: '12/34', cvc: number.startsWith('3') ? '1234' : '123', name: 'Ada' },
  });
  if (answer.statusCode !== 200) throw new Error(`card not tokenised: ${answer.body}`);
  return answer.json().data.token as string;
}

export function postUpgrade(
  app: FastifyInstance,
  session: string,
  payload: { plan: string; token: string; stripe?: Record<string, unknown> },
) {
  return app.inject({
    method: 'POST',
    url: '/api/account/upgrade',
    headers: bearer(session),
    remoteAddress: randomIp(),
    payload,
  });
}

export function postAuthenticate(
  app: FastifyInstance,
  session: string,
  clientSecret: string,
  outcome: 'complete' | 'fail',
) {
  return app.inject({
    method: 'POST',
    url: '/api/billing/local/authenticate',
    headers: bearer(session),
    remoteAddress: randomIp(),
    payload: { client_secret: clientSecret, outcome },
  });
}

export function apiCall(
  app: FastifyInstance,
  session: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return app.inject({
    method,
    url,
    headers: bearer(session),
    remoteAddress: randomIp(),
    ...(payload ? { payload } : {}),
  });
}

/** An owner whose account pays for `plan` with `number` (authenticated when the card asks). */
export async function payingOwner(
  app: FastifyInstance,
  db: Db,
  plan = 'free_plus',
  number = '4242 4242 4242 4242',
  options: CreateUserOptions = {},
) {
  const owner = await signedInUser(app, db, { permission: 'owner', ...options });
  const token = await cardToken(app, owner.token, number);
  let answer = await postUpgrade(app, owner.token, { plan, token });
  if (answer.json().data?.requires_payment_action) {
    const first = answer.json().data;
    await postAuthenticate(app, owner.token, first.client_secret, 'complete');
    answer = await postUpgrade(app, owner.token, { plan, token, stripe: first });
  }
  if (answer.statusCode !== 200) throw new Error(`upgrade failed: ${answer.body}`);
  return { ...owner, cardToken: token };
}

/** A plan change's `charged` answer for `amount` cents in dollars, whatever its invoice's id. */
export function chargedUsd(amount: number) {
  return {
    amount,
    currency: 'usd',
    invoice_id: expect.any(String),
    invoice_number: expect.any(String),
  };
}
