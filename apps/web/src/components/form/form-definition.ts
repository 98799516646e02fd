import type { ReactNode } from 'react';
import type { z } from 'zod';

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

interface FormOption {
  value: string;
  label: string;
  group?: string;
  /** Shown but not choosable (a plan's feature): the field's description should say why. */
  disabled?: boolean;
}

/** docs/product.md#entities "Form input definition". Labels and messages arrive already translated. */
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
  /** A description that warns (what confirming the field will cause), drawn as a warning. */
  descriptionTone?: 'warning';
  value?: unknown;
  defaultValue?: unknown;
  multiple?: boolean;
  options?: FormOption[];
  /** Values a text field suggests as it is typed (a datalist); any other value may still be typed. */
  suggestions?: readonly string[];
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
   * A legend (already translated) the field shares with its neighbours: fields in a row with the
   * same group are drawn together in a fieldset under it, so a long list of checkboxes reads as
   * a few named sets (and a screen reader names the set on entering it).
   */
  group?: string;
  /**
   * The control of a `card` field, which the payment provider draws (its value reports
   * `{ complete }`: docs/product.md#validation-rules, the card field reports empty or filled).
   */
  render?: (props: FieldControlProps) => ReactNode;
}

/** What a `card` field holds: filled or not, and what its provider needs to make a token. */
export interface CardFieldValue {
  complete: boolean;
  [detail: string]: unknown;
}

export type FormInputs = Record<string, FormInputDefinition>;

export const isShown = (def: FormInputDefinition | undefined, values: Record<string, unknown>) =>
  !def?.visible || def.visible(values);

/** Fields in order, in runs: consecutive fields of one `group` together, any other alone. */
export function fieldRuns(
  fields: [string, FormInputDefinition][],
): { group?: string; fields: [string, FormInputDefinition][] }[] {
  const runs: { group?: string; fields: [string, FormInputDefinition][] }[] = [];
  for (const field of fields) {
    const group = field[1].group;
    const last = runs.at(-1);
    if (group !== undefined && last?.group === group) last.fields.push(field);
    else runs.push({ group, fields: [field] });
  }
  return runs;
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

/** What a field's control receives: its definition and react-hook-form's wiring. */
export interface FieldControlProps {
  name: string;
  def: FormInputDefinition;
  field: {
    value: unknown;
    onChange: (value: unknown) => void;
    onBlur: () => void;
    ref: (element: HTMLElement | null) => void;
  };
  common: {
    id: string;
    'aria-invalid'?: boolean;
    'aria-describedby'?: string;
    disabled?: boolean;
  };
  /** Leaves room on the right for the check/cross icon. */
  withIcon: boolean;
}
