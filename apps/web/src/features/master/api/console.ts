import { useQuery } from '@tanstack/react-query';
import { ConsoleSessionSchema, type ConsoleSession } from '@partner-portal/shared/master';
import { api, type RequestBody } from '@/lib/api-client';

/*
 * The operator console's calls (docs/product.md#operator-console): everything under
 * /api/master, each answer read with its schema from packages/shared/src/master.ts.
 */

const MASTER_API = '/api/master';

/** `/api/master/<section>/<id>`, the id encoded. */
export const masterUrl = (section: string, id?: string) =>
  id === undefined
    ? `${MASTER_API}/${section}`
    : `${MASTER_API}/${section}/${encodeURIComponent(id)}`;

/**
 * Every query of the console sits under `['master']`, so one change (a plan, a disabled user)
 * can mark them all stale; each section has its own prefix below it.
 */
export const masterKeys = {
  all: ['master'] as const,
  session: ['master', 'session'] as const,
  overview: (days: number) => ['master', 'overview', days] as const,
  accounts: ['master', 'accounts'] as const,
  users: ['master', 'users'] as const,
  feedback: ['master', 'feedback'] as const,
  events: ['master', 'events'] as const,
};

/**
 * The query string of a list: only the values that are set, in the order given, and the page
 * past the first (the server's defaults fill in the rest), so one view has one URL.
 */
export function listSearch(values: Record<string, string | undefined>, page = 1): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/master/session: whether the console opens (2FA on), and until when actions are open. */
async function fetchConsoleSession(signal?: AbortSignal): Promise<ConsoleSession> {
  return (await api.get(masterUrl('session'), { schema: ConsoleSessionSchema, signal })).data;
}

const consoleSessionQuery = {
  queryKey: masterKeys.session,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchConsoleSession(signal),
};

/** The console's first call; the screens open once it says the operator has 2FA on. */
export function useConsoleSession() {
  return useQuery(consoleSessionQuery);
}

/** POST /api/master/step-up {code}: opens the sensitive actions for ten minutes. */
export const postStepUp = (body: RequestBody) =>
  api.post(masterUrl('step-up'), body, { schema: ConsoleSessionSchema });

/** A call answering `{ data: null, message }`: only its message is read. */
export async function messageOf(call: Promise<{ message?: string }>): Promise<string | undefined> {
  return (await call).message;
}
