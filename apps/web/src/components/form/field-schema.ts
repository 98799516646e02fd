import { z } from 'zod';
import { encodeMessage } from '@partner-portal/shared/form-messages';
import {
  isAllowedMimeType,
  isValidDate,
  isValidEmail,
  NUMBER_PATTERN,
  PHONE_PATTERN,
  SPECIAL_CHARACTER_PATTERN,
  URL_PATTERN,
} from '@partner-portal/shared/validation';
import { ONE_TIME_CODE_LENGTH } from '@partner-portal/shared/constants';
import { PASSWORD_MAX_LENGTH } from '@partner-portal/shared/field-limits';
import type { FormInputDefinition } from './form-definition';

const key = encodeMessage;

function boundsMessage(prefix: 'input' | 'select', min?: number, max?: number): string {
  if (min !== undefined && max !== undefined)
    return key(`global.form.${prefix}.error.between`, { min, max });
  return min !== undefined
    ? key(`global.form.${prefix}.error.min`, { min })
    : key(`global.form.${prefix}.error.max`, { max: max ?? 0 });
}

function textRules(def: FormInputDefinition, value: string, ctx: z.RefinementCtx): void {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
  if (def.minLength !== undefined && value.length < def.minLength)
    return issue(key('global.form.input.error.min_length', { min: def.minLength }));
  if (def.maxLength !== undefined && value.length > def.maxLength)
    return issue(key('global.form.input.error.max_length', { max: def.maxLength }));
  switch (def.type) {
    case 'email':
      if (!isValidEmail(value)) issue(key('global.form.email.error.invalid'));
      return;
    case 'number': {
      if (!NUMBER_PATTERN.test(value)) return issue(key('global.form.number.error.invalid'));
      const number = Number(value);
      if (
        (def.min !== undefined && number < def.min) ||
        (def.max !== undefined && number > def.max)
      )
        issue(boundsMessage('input', def.min, def.max));
      return;
    }
    case 'phone':
      if (!PHONE_PATTERN.test(value)) issue(key('global.form.phone.error.invalid'));
      return;
    case 'url':
      if (!URL_PATTERN.test(value)) issue(key('global.form.url.error.invalid'));
      return;
    case 'date':
      if (!isValidDate(value)) issue(key('global.form.date.error.invalid'));
      return;
    case 'otp':
      if (value.trim().length !== ONE_TIME_CODE_LENGTH) issue(key('global.form.otp.error.invalid'));
      return;
    case 'password':
      if (value.length > PASSWORD_MAX_LENGTH)
        issue(key('global.form.input.error.max_length', { max: PASSWORD_MAX_LENGTH }));
      else if (!SPECIAL_CHARACTER_PATTERN.test(value))
        issue(key('global.form.password.error.special'));
      return;
  }
}

function fileList(value: unknown): File[] {
  if (typeof FileList !== 'undefined' && value instanceof FileList) return [...value];
  return Array.isArray(value) ? value.filter((item): item is File => item instanceof File) : [];
}

/**
 * What an empty required field says. An e-mail or a password asks for it as the name fields do
 * ("Please enter your email"), so that one form does not mix that with "Email is required".
 */
function requiredMessage(type: FormInputDefinition['type']): string {
  switch (type) {
    case 'select':
    case 'multi-select':
      return key('global.form.select.error.required');
    case 'file':
      return key('global.form.file.error.required');
    case 'email':
      return key('global.form.field.email');
    case 'password':
      return key('global.form.field.password');
    default:
      return key('global.form.input.error.required');
  }
}

/** One field's zod schema, built from its definition with the shared rules and message keys. */
export function buildFieldSchema(def: FormInputDefinition): z.ZodType {
  const required = requiredMessage(def.type);
  let schema: z.ZodType;
  switch (def.type) {
    case 'hidden':
      // Hidden values are set by the page, not typed by the user.
      schema = z.unknown();
      break;
    case 'switch':
    case 'checkbox':
      schema = z.boolean().refine((v) => !def.required || v, { message: required });
      break;
    case 'multi-select':
      schema = z.array(z.string()).superRefine((values, ctx) => {
        if (def.required && values.length === 0)
          return ctx.addIssue({ code: 'custom', message: required });
        if (
          (def.min !== undefined && values.length < def.min) ||
          (def.max !== undefined && values.length > def.max)
        ) {
          ctx.addIssue({ code: 'custom', message: boundsMessage('select', def.min, def.max) });
        }
      });
      break;
    case 'card':
      schema = z.unknown().superRefine((value, ctx) => {
        const complete = (value as { complete?: unknown } | null)?.complete === true;
        if (def.required && !complete) {
          ctx.addIssue({ code: 'custom', message: key('global.form.card.error.token') });
        }
      });
      break;
    case 'file':
      schema = z.unknown().superRefine((value, ctx) => {
        const files = fileList(value);
        if (files.length === 0) {
          if (def.required) ctx.addIssue({ code: 'custom', message: required });
          return;
        }
        const refused = def.accept
          ? files.find((file) => !isAllowedMimeType(file.type, def.accept ?? ''))
          : undefined;
        if (refused)
          ctx.addIssue({
            code: 'custom',
            message: key('global.form.file.error.excluded', { type: refused.type || refused.name }),
          });
      });
      break;
    default:
      // Pages may preset numbers or null; the rules read what the user sees, as text.
      schema = z.preprocess(
        (value) => (value === undefined || value === null ? '' : String(value)),
        z.string().superRefine((value, ctx) => {
          if (value.trim() === '') {
            if (def.required) ctx.addIssue({ code: 'custom', message: required });
            return;
          }
          textRules(def, value, ctx);
        }),
      );
  }
  const { validation } = def;
  if (typeof validation === 'function') {
    schema = schema.superRefine((value, ctx) => {
      const message = validation(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
  } else if (validation) {
    schema = schema.pipe(validation as z.ZodType<unknown>);
  }
  // A definition's own errorMessage replaces these at display time (form-field.tsx).
  return schema;
}
