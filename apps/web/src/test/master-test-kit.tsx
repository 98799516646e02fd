import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ConsoleAccount,
  ConsoleAccountDetail,
  ConsoleEvent,
  ConsoleFeedback,
  ConsoleSession,
  ConsoleUser,
  ConsoleUserDetail,
} from '@partner-portal/shared/master';
import type { StoredSession } from '@partner-portal/shared/user';
import { setSession } from '@/lib/session-store';
import { json } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

/*
 * The operator console's tests fake /api/master at the fetch edge, by method and path: each
 * handler gets the query string and the body, and what it answers goes back as JSON.
 */

export interface ConsoleCall {
  method: string;
  /** The URL as the page asked for it, query string included. */
  url: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown };
type Handler = (call: {
  query: URLSearchParams;
  body: unknown;
  calls: ConsoleCall[];
}) => Answer | Promise<Answer>;

const SESSION_OPEN: ConsoleSession = { two_factor: true, stepped_up_until: null };

/**
 * Serves `routes` ("GET /api/master/accounts" and the like, without the query string) and
 * GET /api/master/session (2FA on, no step-up) unless a route replaces it; anything else gets
 * `{ data: null }`. Returns every /api/master call, in order.
 */
export function serveConsole(routes: Record<string, Handler>): ConsoleCall[] {
  const calls: ConsoleCall[] = [];
  const all: Record<string, Handler> = {
    'GET /api/master/session': () => ({ body: { data: SESSION_OPEN } }),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const parsed = new URL(url, window.location.origin);
      const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
      if (!parsed.pathname.startsWith('/api/master')) return json(200, { data: null });
      calls.push({ method, url, body });
      const handler = all[`${method} ${parsed.pathname}`];
      if (!handler) return json(200, { data: null });
      const answer = await handler({ query: parsed.searchParams, body, calls });
      return json(answer.status ?? 200, answer.body);
    }),
  );
  return calls;
}

/** Signs a master in (or whoever `session` says) and opens `path` in the whole app. */
export function openConsole(path: string, session: Partial<StoredSession> = {}) {
  setSession(testSession({ permission: 'master', ...session }));
  return renderRoute(path);
}

/** The calls other than the console's session check, as "METHOD url". */
export const actionCalls = (calls: ConsoleCall[]) =>
  calls
    .filter((call) => !call.url.startsWith('/api/master/session'))
    .map((call) => `${call.method} ${call.url}`);

/** The server's answer to a sensitive action without a fresh code. */
export const STEP_UP_REFUSAL: Answer = {
  status: 403,
  body: { message: 'Confirm with a code from your app first.', code: 'step_up_required' },
};

/** Types a code into the six boxes of the step-up dialog and confirms it. */
export async function confirmStepUp(code = '123456') {
  const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
  await userEvent.click(screen.getByRole('textbox', { name: 'Authentication code 1/6' }));
  await userEvent.keyboard(code);
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  return dialog;
}

export async function choose(field: string | RegExp, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

export const ids = {
  northwind: '0b6c2f4e-1a2b-4c3d-8e9f-000000000001',
  solo: '0b6c2f4e-1a2b-4c3d-8e9f-000000000002',
  dana: 'a9d0e1f2-0000-4000-8000-00000000000d',
  olivia: 'a9d0e1f2-0000-4000-8000-00000000000f',
};

export function consoleAccount(overrides: Partial<ConsoleAccount> = {}): ConsoleAccount {
  return {
    id: ids.northwind,
    name: 'Northwind Media',
    owner_email: 'olivia@northwind.test',
    plan: 'free_pro',
    subscription: 'active',
    seats: 4,
    mrr: 15_600,
    created: '2026-03-02T10:00:00.000Z',
    last_active: '2026-11-20T15:05:00.000Z',
    closed: false,
    disabled: false,
    ...overrides,
  };
}

export function consoleUser(overrides: Partial<ConsoleUser> = {}): ConsoleUser {
  return {
    id: ids.dana,
    email: 'dana@northwind.test',
    name: 'Dana Díaz',
    accounts: [{ id: ids.northwind, name: 'Northwind Media', permission: 'admin' }],
    verified: true,
    two_factor: false,
    last_login: '2026-11-21T08:30:00.000Z',
    support_access: true,
    support_until: '2026-12-09T10:00:00.000Z',
    disabled: false,
    master: false,
    created: '2026-04-01T09:00:00.000Z',
    ...overrides,
  };
}

export function consoleEvent(overrides: Partial<ConsoleEvent> = {}): ConsoleEvent {
  return {
    id: 'e1',
    name: 'dashboard.opened',
    user: { id: ids.dana, email: 'dana@northwind.test' },
    account: { id: ids.northwind, name: 'Northwind Media' },
    metadata: { workbook: 'core', tab: 2 },
    created: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export function consoleFeedback(overrides: Partial<ConsoleFeedback> = {}): ConsoleFeedback {
  return {
    id: 'f1',
    rating: 'negative',
    comment: 'The export button does nothing on Safari.',
    status: 'new',
    note: null,
    user: { id: ids.dana, email: 'dana@northwind.test' },
    account: { id: ids.northwind, name: 'Northwind Media' },
    created: '2026-11-19T12:00:00.000Z',
    ...overrides,
  };
}

export function accountDetail(overrides: Partial<ConsoleAccountDetail> = {}): ConsoleAccountDetail {
  return {
    account: consoleAccount(),
    members: [
      {
        id: ids.olivia,
        email: 'olivia@northwind.test',
        name: 'Olivia Owner',
        permission: 'owner',
        last_login: '2026-11-20T15:05:00.000Z',
      },
      {
        id: ids.dana,
        email: 'dana@northwind.test',
        name: 'Dana Díaz',
        permission: 'admin',
        last_login: null,
      },
    ],
    invites: [
      {
        id: 'i1',
        email: 'sam@northwind.test',
        permission: 'user',
        date_sent: '2026-11-18T10:00:00.000Z',
      },
    ],
    subscription: {
      plan: 'free_pro',
      status: 'active',
      seats: 4,
      current_period_end: '2026-12-02T10:00:00.000Z',
      cancel_at_period_end: false,
      scheduled_plan: null,
      provider: 'stripe',
    },
    invoices: [
      {
        id: 'inv1',
        number: 'PP-2026-0042',
        date: '2026-11-02T10:00:00.000Z',
        status: 'paid',
        total: 15_600,
        currency: 'usd',
      },
    ],
    events: [consoleEvent()],
    audit: [
      {
        id: 7,
        at: '2026-11-20T15:05:42.000Z',
        account_id: ids.northwind,
        actor: { type: 'user', id: ids.olivia, label: 'olivia@northwind.test' },
        on_behalf_of: null,
        action: 'account.plan_changed',
        target: { type: 'account', id: ids.northwind },
        outcome: 'success',
        ip: '203.0.113.7',
        user_agent: null,
        request_id: 'req-7',
        changes: null,
        count: 1,
        last_at: null,
      },
    ],
    ...overrides,
  };
}

export function userDetail(overrides: Partial<ConsoleUserDetail> = {}): ConsoleUserDetail {
  return {
    user: consoleUser(),
    sessions: [
      {
        id: 's1',
        account: { id: ids.northwind, name: 'Northwind Media' },
        created: '2026-11-21T08:30:00.000Z',
        last_seen: '2026-11-21T09:10:00.000Z',
        expires: '2026-11-28T08:30:00.000Z',
        ip: '198.51.100.23',
        user_agent: 'Mozilla/5.0 (Macintosh) Safari/17',
        impersonator: null,
      },
    ],
    ...overrides,
  };
}

export const pageOf = <T,>(
  rows: T[],
  extra: { total?: number; page?: number; page_size?: number } = {},
) => ({
  rows,
  total: extra.total ?? rows.length,
  page: extra.page ?? 1,
  page_size: extra.page_size ?? 25,
});
