import { availableParallelism } from 'node:os';
import { hash, verify, type Options } from '@node-rs/argon2';
import { WorkGate, type WorkGateLimits } from './work-gate';

// OWASP's argon2id parameters (docs/security.md#passwords); the native binding hashes off
// the event loop, on libuv's thread pool.
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the package exports it as an ambient const enum, unusable here.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Half the cores hash (at least one), so the event loop keeps a core and the thread pool keeps
 * free threads; a short queue absorbs a burst, and past it a sign-in gets 503 + Retry-After.
 */
export function hashingLimits(
  concurrency = Math.max(1, Math.floor(availableParallelism() / 2)),
  queue = concurrency * 16,
): WorkGateLimits {
  return { concurrency, queue };
}

let gate = new WorkGate(hashingLimits());

/** Sets the process-wide hashing limits (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). */
export function configurePasswordHashing(limits: WorkGateLimits): void {
  gate = new WorkGate(limits);
}

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return gate.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash must read as "wrong password", never as a server error.
      return false;
    }
  });
}
