import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from './app-error';

// docs/security.md#passwords: refuse the most common passwords, offline. The list is
// zxcvbn's ~49,000 most common passwords, loaded once into a Set.
let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common;
}

/**
 * True for a listed password, also when it only adds symbols around a listed one
 * ("Password1!" is "password1" with a "!"): the special-character rule must not make a common
 * password acceptable.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return list.has(lower) || (core.length >= 6 && list.has(core));
}

/** Throws a 400 on the password field for a common password. */
export function requireUncommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('bad_request', 'error.password_common', { inputError: 'password' });
  }
}
