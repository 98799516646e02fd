import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@partner-portal/shared/webhooks';

export type EventGroup = 'team' | 'billing' | 'data';

// A Record over every type: an event type added to the shared list fails to compile here until
// it is given a group (and so a place in the form).
const GROUP_OF: Record<WebhookEventType, EventGroup> = {
  'member.invited': 'team',
  'member.joined': 'team',
  'member.updated': 'team',
  'member.removed': 'team',
  'plan.changed': 'billing',
  'invoice.paid': 'billing',
  'invoice.payment_failed': 'billing',
  'report.imported': 'data',
  'insight.found': 'data',
  'alert.triggered': 'data',
};

const GROUP_ORDER: readonly EventGroup[] = ['team', 'billing', 'data'];

/** The event types group by group, each group in the shared list's order. */
export const GROUPED_EVENT_TYPES: readonly WebhookEventType[] = GROUP_ORDER.flatMap((group) =>
  WEBHOOK_EVENT_TYPES.filter((type) => GROUP_OF[type] === group),
);

export const eventGroup = (type: WebhookEventType): EventGroup => GROUP_OF[type];
