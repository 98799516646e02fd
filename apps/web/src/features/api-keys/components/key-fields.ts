import type { TFunction } from 'i18next';
import { z, type ZodType } from 'zod';
import {
  API_KEY_NAME_MAX_LENGTH,
  MAX_API_KEY_IP_RANGES,
  type ApiKeyScope,
} from '@partner-portal/shared/api-key-rules';
import type { FormInputDefinition, FormInputs } from '@/components/form/form-definition';
import { ApiError } from '@/lib/api-client';

/** A scope's checkbox: field names hold no dot, which react-hook-form would read as a path. */
export const scopeField = (scope: ApiKeyScope) => `scope_${scope.replace('.', '_')}`;

export function nameInput(t: TFunction, name = ''): FormInputDefinition {
  return {
    type: 'text',
    label: t('apikeys.form.name'),
    placeholder: t('apikeys.form.name_placeholder'),
    required: true,
    maxLength: API_KEY_NAME_MAX_LENGTH,
    defaultValue: name,
  };
}

/** One checkbox a scope, labelled with the scope as the API names it and what it opens. */
export function scopeInputs(
  t: TFunction,
  offered: readonly ApiKeyScope[],
  chosen: readonly ApiKeyScope[],
): FormInputs {
  return Object.fromEntries(
    offered.map((scope) => [
      scopeField(scope),
      {
        type: 'checkbox',
        label: scope,
        description: t(`apikeys.scopes.${scope}`),
        defaultValue: chosen.includes(scope),
      } satisfies FormInputDefinition,
    ]),
  );
}

export const chosenScopes = (offered: readonly ApiKeyScope[], values: Record<string, unknown>) =>
  offered.filter((scope) => values[scopeField(scope)] === true);

export function ipRangesInput(t: TFunction, ranges: readonly string[]): FormInputDefinition {
  return {
    type: 'textarea',
    label: t('apikeys.form.ip_ranges'),
    placeholder: '203.0.113.7\n198.51.100.0/24',
    description: t('apikeys.form.ip_ranges_description', { max: MAX_API_KEY_IP_RANGES }),
    defaultValue: ranges.join('\n'),
  };
}

/** The IP ranges field as the API takes it: one a line, or separated by commas or spaces. */
export function parseIpRanges(value: unknown): string[] {
  const text = typeof value === 'string' ? value : '';
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * The shared request schema (the server's own check) run on the body the form would send, each
 * refusal shown under the field that holds the value: the scope rule under the first scope, an
 * address under the IP ranges, named.
 */
export function requestSchema(
  t: TFunction,
  schema: ZodType,
  toBody: (values: Record<string, unknown>) => Record<string, unknown>,
  firstScopeField: string | undefined,
): ZodType {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [key, index] = issue.path;
      const field = key === 'scope' ? firstScopeField : key === 'expires_at' ? 'expiry' : key;
      if (typeof field !== 'string') continue;
      let message = issue.message;
      if (key === 'allowed_ips') {
        const ranges = parseIpRanges(values.allowed_ips);
        if (typeof index === 'number')
          message = t('apikeys.form.ip_range_invalid', { value: ranges[index] });
        else if (issue.code === 'too_big')
          message = t('apikeys.form.ip_range_limit', { max: MAX_API_KEY_IP_RANGES });
      }
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
}

/**
 * A server refusal that names a request field the form shows under another name (`scope` is
 * one checkbox a scope, `expires_at` the expiry select), renamed so the form puts it there.
 */
export function onFormFields(error: unknown, fields: Record<string, string | undefined>): unknown {
  const field =
    error instanceof ApiError && error.inputError ? fields[error.inputError] : undefined;
  if (!(error instanceof ApiError) || !field) return error;
  return new ApiError(error.status, error.message, {
    inputError: field,
    requestId: error.requestId,
  });
}
