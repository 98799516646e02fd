import type { TFunction } from 'i18next';
import { z, type ZodType } from 'zod';
import type { WebhookEventType } from '@partner-portal/shared/webhooks';
import type { FormInputs } from '@/components/form/form-definition';
import { ApiError } from '@/lib/api-client';
import { eventGroup, GROUPED_EVENT_TYPES } from './event-groups';

/** An event's checkbox: field names hold no dot, which react-hook-form would read as a path. */
const eventField = (type: WebhookEventType) => `event_${type.replace('.', '_')}`;

/** The checkbox under which an "events" refusal shows: the first of the list. */
const FIRST_EVENT_FIELD = eventField(GROUPED_EVENT_TYPES[0] ?? 'member.invited');

/** What the create and edit forms hold, the events as one checkbox each, grouped. */
export function endpointInputs(
  t: TFunction,
  current: { url: string; description: string | null; events: readonly WebhookEventType[] },
): FormInputs {
  return {
    url: {
      type: 'url',
      label: t('webhooks.form.url'),
      placeholder: t('webhooks.form.url_placeholder'),
      description: t('webhooks.form.url_description'),
      required: true,
      maxLength: 2000,
      defaultValue: current.url,
    },
    description: {
      type: 'text',
      label: t('webhooks.form.description'),
      placeholder: t('webhooks.form.description_placeholder'),
      description: t('webhooks.form.description_hint'),
      maxLength: 200,
      defaultValue: current.description ?? '',
    },
    ...Object.fromEntries(
      GROUPED_EVENT_TYPES.map((type) => [
        eventField(type),
        {
          type: 'checkbox',
          // As the API and the payload's `type` name it; the description says it in words.
          label: type,
          description: t(`webhooks.events.${type}`),
          group: t(`webhooks.form.groups.${eventGroup(type)}`),
          defaultValue: current.events.includes(type),
        },
      ]),
    ),
  } satisfies FormInputs;
}

/** The form's values as the API takes them: trimmed text, the ticked events. */
export function endpointValues(values: Record<string, unknown>) {
  const description = String(values.description ?? '').trim();
  return {
    url: String(values.url ?? '').trim(),
    events: GROUPED_EVENT_TYPES.filter((type) => values[eventField(type)] === true),
    description: description === '' ? null : description,
  };
}

/**
 * The shared request schema (the server's own check) run on the body the form would send, each
 * refusal shown under the field that holds the value: "at least one event" under the first
 * event's checkbox.
 */
export function requestSchema(
  schema: ZodType,
  toBody: (values: Record<string, unknown>) => Record<string, unknown>,
): ZodType {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const [key] = issue.path;
      const field = key === 'events' ? FIRST_EVENT_FIELD : key;
      if (typeof field !== 'string') continue;
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
}

/** A server refusal naming `events` is shown under the first event's checkbox, as ours is. */
export function onFormFields(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.inputError !== 'events') return error;
  return new ApiError(error.status, error.message, {
    inputError: FIRST_EVENT_FIELD,
    requestId: error.requestId,
  });
}
