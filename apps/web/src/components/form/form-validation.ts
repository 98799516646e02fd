import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { encodeMessage } from '@partner-portal/shared/form-messages';
import { buildFieldSchema } from './field-schema';
import { isShown, shownValues, type FormInputs } from './form-definition';
import type { FormValues } from './use-form-submit';

/**
 * The whole form's schema; hidden-by-condition fields are not validated. An explicit shared
 * schema (e.g. a request schema from packages/shared) runs as well, so the form refuses exactly
 * what the server would; the first message per field wins, the definitions' rules first.
 */
export function buildFormSchema(inputs: FormInputs, explicit?: z.ZodType) {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    const failed = new Set<string>();
    for (const [name, def] of Object.entries(inputs)) {
      if (!isShown(def, values)) continue;
      const result = buildFieldSchema(def).safeParse(values[name]);
      if (!result.success) {
        failed.add(name);
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            result.error.issues[0]?.message ?? encodeMessage('global.form.input.error.required'),
        });
      }
    }
    if (!explicit) return;
    const shown = shownValues(inputs, values);
    const result = explicit.safeParse(shown);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (!(name in shown) || failed.has(name)) continue;
      failed.add(name);
      ctx.addIssue({ code: 'custom', path: [name], message: issue.message });
    }
  });
}

/** The react-hook-form resolver of a form's definitions and optional shared schema. */
export function formResolver(inputs: FormInputs, explicit?: z.ZodType): Resolver<FormValues> {
  return zodResolver(buildFormSchema(inputs, explicit)) as Resolver<FormValues>;
}
