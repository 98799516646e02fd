import type { ReactNode } from 'react';
import { z } from 'zod';
import { encodeMessage } from '@partner-portal/shared/form-messages';
import type { FieldControlProps } from './field-control';
import { buildFieldSchema } from './field-schema';

export type FormInputType =
  | 'text'
  | 'email'
  | 'number'
  | 'phone'
  | 'url'
  | 'password'
  | 'textarea'
  | 'select'
  | 'multi-select'
  | 'switch'
  | 'checkbox'
  | 'otp'
  | 'file'
  | 'date'
  | 'card'
  | 'hidden';

export interface FormOption {
  value: string;
  label: string;
  group?: string;
}

/** Spec §3 "Form input definition". Labels and messages arrive already translated. */
export interface FormInputDefinition {
  type: FormInputType;
  label?: string;
  required?: boolean;
  errorMessage?: string;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  placeholder?: string;
  description?: string;
  value?: unknown;
  defaultValue?: unknown;
  multiple?: boolean;
  options?: FormOption[];
  disabled?: boolean;
  readonly?: boolean;
  /** MIME allow-list for files ("image/png, image/*"). */
  accept?: string;
  /**
   * An extra rule: a zod schema the value must also pass, or a function returning an error
   * (a catalogue key from encodeMessage, or text already translated) or null when valid.
   */
  validation?: z.ZodType | ((value: unknown) => string | null | undefined);
  /** Shown only while this returns true, given the current values (e.g. advertiser fields). */
  visible?: (values: Record<string, unknown>) => boolean;
  /**
   * The control of a `card` field, which the payment provider draws (its value reports
   * `{ complete }`: spec §5, the card field reports empty or filled).
   */
  render?: (props: FieldControlProps) => ReactNode;
}

/** What a `card` field holds: filled or not, and what its provider needs to make a token. */
export interface CardFieldValue {
  complete: boolean;
  [detail: string]: unknown;
}

export type FormInputs = Record<string, FormInputDefinition>;

const isShown = (def: FormInputDefinition | undefined, values: Record<string, unknown>) =>
  !def?.visible || def.visible(values);

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

/** The submitted values: everything except fields hidden by their condition. */
export function shownValues(inputs: FormInputs, values: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => isShown(inputs[name], values)),
  );
}

export function defaultValueOf(def: FormInputDefinition): unknown {
  if (def.value !== undefined) return def.value;
  if (def.defaultValue !== undefined) return def.defaultValue;
  if (def.type === 'switch' || def.type === 'checkbox') return false;
  if (def.type === 'multi-select') return [];
  if (def.type === 'file') return [];
  if (def.type === 'card') return { complete: false } satisfies CardFieldValue;
  return '';
}
