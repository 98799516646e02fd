import type { z } from 'zod';

/** The length limits a form field's props carry (`minLength`, `maxLength`). */
export interface LengthConstraint {
  minLength?: number;
  maxLength?: number;
}

interface Unwrappable {
  _zod: { def: { type: string; in?: z.ZodType; innerType?: z.ZodType } };
  minLength?: number | null;
  maxLength?: number | null;
}

/**
 * Reads the length limits a text schema enforces, through the wrappers a field schema gathers
 * (`.optional()`, `.default()`, `.transform()`), as epic-stack's `getZodConstraint` does. The
 * forms take their limits from `field-limits.ts` so that a signed-out page need not download zod;
 * `field-limits.test.ts` reads every schema with this and fails when a form's limit and the
 * server's disagree.
 */
export function lengthConstraint(schema: z.ZodType): LengthConstraint {
  let current = schema as unknown as Unwrappable;
  for (;;) {
    const { def } = current._zod;
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) break;
    current = next as unknown as Unwrappable;
  }
  const constraint: LengthConstraint = {};
  if (typeof current.minLength === 'number') constraint.minLength = current.minLength;
  if (typeof current.maxLength === 'number') constraint.maxLength = current.maxLength;
  return constraint;
}
