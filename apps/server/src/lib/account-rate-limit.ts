import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_LIMITS, type AccountLimitName } from '@partner-portal/shared/limits';
import { AppError } from './app-error';
import type { DeviceCookies } from './device-cookie';

/**
 * docs/security.md#throttling, per account on top of the per-IP route limits: guesses at
 * one person's password (a wrong sign-in, or a sign-up naming their e-mail with the wrong
 * password) count against that e-mail wherever they come from, so spreading them over many
 * addresses does not help. Only failures count: the owner signing in is never locked out by
 * their own successes, and a locked e-mail can still use a magic link or reset its password.
 */
export { ACCOUNT_LIMITS, type AccountLimitName };

export interface AccountLimiter {
  /** Refuses with 429 + Retry-After unless `needed` uses (default 1) are left. */
  check(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    needed?: number,
  ): Promise<void>;
  /** Counts one use and refuses with 429 + Retry-After when it is over the limit. */
  take(request: FastifyRequest, reply: FastifyReply, account: string): Promise<void>;
  /** Counts `uses` (default 1) against the account. */
  record(request: FastifyRequest, account: string, uses?: number): Promise<void>;
}

/** Per-account throttles, created once per app so every route counting an account shares them. */
export interface AccountLimits {
  passwordGuesses: AccountLimiter;
  passwordGuessesPerSource: AccountLimiter;
  verificationMail: AccountLimiter;
  /** Browsers that have signed in before, which skip the per-e-mail guess counter. */
  devices: DeviceCookies;
}

export function createAccountLimits(app: FastifyInstance, devices: DeviceCookies): AccountLimits {
  return {
    passwordGuesses: createAccountLimiter(app, 'password_guesses'),
    passwordGuessesPerSource: createAccountLimiter(app, 'password_guesses_per_source'),
    verificationMail: createAccountLimiter(app, 'verification_mail'),
    devices,
  };
}

function refuse(reply: FastifyReply, ttlMs: number): never {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header('retry-after', String(seconds));
  throw new AppError('rate_limited', 'error.rate_limited', { params: { seconds } });
}

/** Built on the app's rate-limit store, so counts are shared across instances under Redis. */
export function createAccountLimiter(
  app: FastifyInstance,
  name: AccountLimitName,
  /** An operator's override of the table's count (API_KEY_RATE_LIMIT). */
  maxOverride?: number,
): AccountLimiter {
  const { windowMs: timeWindow } = ACCOUNT_LIMITS[name];
  const max = maxOverride ?? ACCOUNT_LIMITS[name].max;
  // The store keys by request; each call names the account its request counts against.
  const accounts = new WeakMap<FastifyRequest, string>();
  const limiter = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `account:${name}:${accounts.get(request) ?? ''}`,
  });
  return {
    async check(request, reply, account, needed = 1) {
      accounts.set(request, account.toLowerCase());
      const state = await limiter(request, { increment: false });
      if (state.isAllowed || state.remaining >= needed) return;
      refuse(reply, state.ttl);
    },
    async take(request, reply, account) {
      accounts.set(request, account.toLowerCase());
      const state = await limiter(request);
      if (state.isAllowed || !state.isExceeded) return;
      refuse(reply, state.ttl);
    },
    async record(request, account, uses = 1) {
      accounts.set(request, account.toLowerCase());
      for (let use = 0; use < uses; use += 1) await limiter(request);
    },
  };
}

/**
 * Runs an attempt that guesses at an account's secret: refused up front once the account has
 * had too many wrong guesses, and counted when it turns out wrong (`isWrongGuess`).
 */
export async function withGuessLimit<T>(
  limiter: AccountLimiter,
  target: { request: FastifyRequest; reply: FastifyReply; account: string },
  attempt: () => Promise<T>,
  isWrongGuess: (error: unknown) => boolean,
): Promise<T> {
  await limiter.check(target.request, target.reply, target.account);
  try {
    return await attempt();
  } catch (error) {
    if (isWrongGuess(error)) await limiter.record(target.request, target.account);
    throw error;
  }
}

/**
 * A password typed for an e-mail at sign-in or sign-up: counted per e-mail and address always,
 * and per e-mail only from a browser that has not signed in as that user before (OWASP's device
 * cookies), so wrong guesses from elsewhere cannot lock the real user out of their own browser.
 */
export async function withPasswordGuessLimit<T>(
  limits: AccountLimits,
  target: { request: FastifyRequest; reply: FastifyReply; email: string },
  attempt: () => Promise<T>,
  isWrongGuess: (error: unknown) => boolean,
): Promise<T> {
  const { request, reply, email } = target;
  const counters: [AccountLimiter, string][] = [
    [limits.passwordGuessesPerSource, `${email.toLowerCase()}|${request.ip}`],
  ];
  if (!limits.devices.isKnown(request, email)) counters.push([limits.passwordGuesses, email]);
  for (const [limiter, account] of counters) await limiter.check(request, reply, account);
  try {
    return await attempt();
  } catch (error) {
    if (isWrongGuess(error)) {
      for (const [limiter, account] of counters) await limiter.record(request, account);
    }
    throw error;
  }
}
