import { vi } from 'vitest';
import type { StoredSession } from '@partner-portal/shared/user';
import { testSession } from './test-session';

/** A call the page made to our API, as the fake at the fetch edge received it. */
export interface SentCall {
  method: string;
  url: string;
  body: unknown;
}

export const json = (status: number, body: unknown) =>
  // A 204 carries no body at all, as the server sends it (a Response refuses one).
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });

/**
 * Fakes our API at the fetch edge: `answer` replies to every call except GETs, which get an
 * empty answer (so the signed-in frame's GET /api/auth leaves the stored user as it is). Returns
 * the calls answered, in order.
 */
export function stubApi(
  answer: (sent: SentCall) => Response | Promise<Response> = () => json(200, { data: null }),
): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method === 'GET') return json(200, { data: null });
      const call = { method, url, body: JSON.parse(String(init.body ?? 'null')) };
      sent.push(call);
      return answer(call);
    }),
  );
  return sent;
}

/** What PATCH /api/user answers: the current user (with `patch` applied), without the token. */
export function currentUser(patch: Partial<StoredSession> = {}) {
  const { token: _token, ...user } = testSession(patch);
  return { data: user };
}

type RouteAnswer = { status?: number; body: unknown };
export type RouteHandler = (body: unknown) => RouteAnswer | Promise<RouteAnswer>;

/**
 * Fakes our API by route: `routes` answer "METHOD /path?query" (GETs included); anything else
 * gets `{ data: null }`. Answers the calls made, in order.
 */
export function stubRoutes(routes: Record<string, RouteHandler>): SentCall[] {
  const sent: SentCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
      sent.push({ method, url, body });
      const handler = routes[`${method} ${url}`];
      if (!handler) return json(200, { data: null });
      const answer = await handler(body);
      return json(answer.status ?? 200, answer.body);
    }),
  );
  return sent;
}
