/** The kinds of value a variable may hold, and the error that lists every bad one. */
import { z } from 'zod';

/** Boot stops with this when the environment is wrong; its message lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    { message: `must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL` },
  );

export const booleanFlag = optionalString.refine(
  (v) => v === undefined || /^(true|false|1|0|on|off|yes|no)$/i.test(v),
  { message: 'must be true or false' },
);

export function isOn(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return /^(true|1|on|yes)$/i.test(value);
}

export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  const flag = isOn(value);
  if (/^(true|false|1|0|on|off|yes|no)$/i.test(value)) return flag ?? false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
