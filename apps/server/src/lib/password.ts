import { hash, verify, type Options } from '@node-rs/argon2';

// OWASP's argon2id parameters (security checklist "Passwords"); the native binding hashes off
// the event loop.
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the package exports it as an ambient const enum, unusable here.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a server error.
    return false;
  }
}
