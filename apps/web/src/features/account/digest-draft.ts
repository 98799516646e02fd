import { DIGEST_SEND_HOUR, isTimeZone } from '@partner-portal/shared/digests';
import type { DigestChoices, DigestFields } from './api/digest';

/** "08:00": the hour every digest goes out at, in the user's zone. */
export const SEND_TIME = `${String(DIGEST_SEND_HOUR).padStart(2, '0')}:00`;

/** The zone this browser keeps time in, when the runtime names one we can use; UTC otherwise. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/**
 * Every zone the runtime lists, plus UTC (which it leaves out) and any zone the screen must be
 * able to show: a browser may name a legacy alias (`Asia/Calcutta`) the list does not hold.
 */
export function timeZoneOptions(include: readonly string[]): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  for (const zone of include) zones.add(zone);
  zones.delete('UTC');
  return ['UTC', ...[...zones].sort()];
}

/** What the screen shows: the draft over the saved settings; a zone never set is the browser's. */
export function shownChoices(
  saved: DigestFields,
  draft: Partial<DigestChoices>,
  browserZone: string,
): DigestChoices {
  return {
    digest_frequency: draft.digest_frequency ?? saved.digest_frequency,
    timezone: draft.timezone ?? saved.timezone ?? browserZone,
    digest_csv: draft.digest_csv ?? saved.digest_csv,
  };
}

/**
 * The PATCH /api/user body: the shown choices that differ from the saved ones. A zone never set
 * differs from any, so the first save with the digest on stores the zone the user saw.
 */
export function digestPatch(saved: DigestFields, shown: DigestChoices): Partial<DigestChoices> {
  const patch: Partial<DigestChoices> = {};
  if (shown.digest_frequency !== saved.digest_frequency)
    patch.digest_frequency = shown.digest_frequency;
  if (shown.timezone !== saved.timezone) patch.timezone = shown.timezone;
  if (shown.digest_csv !== saved.digest_csv) patch.digest_csv = shown.digest_csv;
  return patch;
}
