import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, digestPatch, shownChoices, timeZoneOptions } from './digest-draft';

afterEach(() => {
  vi.restoreAllMocks();
});

const saved = { digest_frequency: 'weekly', timezone: 'Europe/Madrid', digest_csv: false } as const;

const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

function browserNamesZone(timeZone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

describe('digest draft', () => {
  it("lists UTC first, then the runtime's zones and any the screen must show", () => {
    const zones = timeZoneOptions(['Asia/Calcutta']);
    expect(zones[0]).toBe('UTC');
    expect(zones.filter((zone) => zone === 'UTC')).toHaveLength(1);
    expect(zones).toEqual(expect.arrayContaining(['Europe/Madrid', 'Asia/Calcutta']));
    expect(zones.slice(1)).toEqual([...zones.slice(1)].sort());
  });

  it("takes the browser's zone, or UTC when the browser names none we know", () => {
    browserNamesZone('America/New_York');
    expect(browserTimeZone()).toBe('America/New_York');
    browserNamesZone('Not/AZone');
    expect(browserTimeZone()).toBe('UTC');
  });

  it("shows the draft over the saved settings, and the browser's zone for one never set", () => {
    expect(shownChoices(saved, { digest_csv: true }, 'Asia/Tokyo')).toEqual({
      ...saved,
      digest_csv: true,
    });
    expect(shownChoices({ ...saved, timezone: null }, {}, 'Asia/Tokyo').timezone).toBe(
      'Asia/Tokyo',
    );
  });

  it('sends what differs from the saved settings, and a zone never saved', () => {
    expect(digestPatch(saved, saved)).toEqual({});
    expect(digestPatch(saved, { ...saved, digest_frequency: 'daily' })).toEqual({
      digest_frequency: 'daily',
    });
    expect(digestPatch({ ...saved, timezone: null }, saved)).toEqual({
      timezone: 'Europe/Madrid',
    });
  });
});
