import { describe, expect, it } from 'vitest';
import { DIGEST_FREQUENCIES } from '@partner-portal/shared/digests';
import type { DigestFrequency } from '@partner-portal/shared/digests';
import {
  latestDuePeriod,
  localSendInstant,
  localWallTimeToInstant,
  nextPeriod,
} from './digest-periods';
import type { DigestPeriod } from './digest-periods';

/** docs/product.md#report-digests: which days each digest covers and when it is due. */

type Expected = [key: string, from: string, to: string, sendAt: string];
interface Case {
  frequency: DigestFrequency;
  zone: string;
  now: string;
  latest: Expected;
  next: Expected;
}

const period = ([key, from, to, sendAt]: Expected): DigestPeriod => ({
  key,
  from,
  to,
  sendAt: new Date(sendAt),
});

function checkCases(cases: Case[]) {
  it.each(cases)('$frequency in $zone at $now', ({ frequency, zone, now, latest, next }) => {
    expect(latestDuePeriod(frequency, zone, new Date(now))).toEqual(period(latest));
    expect(nextPeriod(frequency, zone, new Date(now))).toEqual(period(next));
  });
}

// November 2026: Monday the 16th and 23rd, Friday the 20th and 27th. Madrid is on CET (UTC+1).
describe('daily', () => {
  const before: Expected = ['daily:2026-11-23', '2026-11-23', '2026-11-23', '2026-11-24T07:00:00Z'];
  const due: Expected = ['daily:2026-11-24', '2026-11-24', '2026-11-24', '2026-11-25T07:00:00Z'];
  const after: Expected = ['daily:2026-11-25', '2026-11-25', '2026-11-25', '2026-11-26T07:00:00Z'];
  checkCases([
    {
      frequency: 'daily',
      zone: 'Europe/Madrid',
      now: '2026-11-25T06:59:59.999Z',
      latest: before,
      next: due,
    },
    {
      frequency: 'daily',
      zone: 'Europe/Madrid',
      now: '2026-11-25T07:00:00Z',
      latest: due,
      next: after,
    },
    {
      frequency: 'daily',
      zone: 'Europe/Madrid',
      now: '2026-11-25T15:00:00Z',
      latest: due,
      next: after,
    },
    // 00:30 on the 26th in Madrid while UTC is still on the 25th.
    {
      frequency: 'daily',
      zone: 'Europe/Madrid',
      now: '2026-11-25T23:30:00Z',
      latest: due,
      next: after,
    },
    {
      frequency: 'daily',
      zone: 'UTC',
      now: '2026-11-25T07:59:59Z',
      latest: ['daily:2026-11-23', '2026-11-23', '2026-11-23', '2026-11-24T08:00:00Z'],
      next: ['daily:2026-11-24', '2026-11-24', '2026-11-24', '2026-11-25T08:00:00Z'],
    },
    {
      frequency: 'daily',
      zone: 'UTC',
      now: '2026-11-25T08:00:00Z',
      latest: ['daily:2026-11-24', '2026-11-24', '2026-11-24', '2026-11-25T08:00:00Z'],
      next: ['daily:2026-11-25', '2026-11-25', '2026-11-25', '2026-11-26T08:00:00Z'],
    },
    {
      frequency: 'daily',
      zone: 'UTC',
      now: '2026-11-25T23:59:59Z',
      latest: ['daily:2026-11-24', '2026-11-24', '2026-11-24', '2026-11-25T08:00:00Z'],
      next: ['daily:2026-11-25', '2026-11-25', '2026-11-25', '2026-11-26T08:00:00Z'],
    },
  ]);
});

describe('weekdays', () => {
  const friday: Expected = [
    'weekdays:2026-11-19',
    '2026-11-19',
    '2026-11-19',
    '2026-11-20T07:00:00Z',
  ];
  const monday: Expected = [
    'weekdays:2026-11-20',
    '2026-11-20',
    '2026-11-22',
    '2026-11-23T07:00:00Z',
  ];
  const tuesday: Expected = [
    'weekdays:2026-11-23',
    '2026-11-23',
    '2026-11-23',
    '2026-11-24T07:00:00Z',
  ];
  checkCases([
    {
      frequency: 'weekdays',
      zone: 'Europe/Madrid',
      now: '2026-11-21T12:00:00Z',
      latest: friday,
      next: monday,
    },
    {
      frequency: 'weekdays',
      zone: 'Europe/Madrid',
      now: '2026-11-22T22:00:00Z',
      latest: friday,
      next: monday,
    },
    {
      frequency: 'weekdays',
      zone: 'Europe/Madrid',
      now: '2026-11-23T06:59:59Z',
      latest: friday,
      next: monday,
    },
    {
      frequency: 'weekdays',
      zone: 'Europe/Madrid',
      now: '2026-11-23T07:00:00Z',
      latest: monday,
      next: tuesday,
    },
    {
      frequency: 'weekdays',
      zone: 'Europe/Madrid',
      now: '2026-11-23T18:00:00Z',
      latest: monday,
      next: tuesday,
    },
    {
      frequency: 'weekdays',
      zone: 'Europe/Madrid',
      now: '2026-11-24T06:59:59Z',
      latest: monday,
      next: tuesday,
    },
    {
      frequency: 'weekdays',
      zone: 'Europe/Madrid',
      now: '2026-11-27T07:00:00Z',
      latest: ['weekdays:2026-11-26', '2026-11-26', '2026-11-26', '2026-11-27T07:00:00Z'],
      next: ['weekdays:2026-11-27', '2026-11-27', '2026-11-29', '2026-11-30T07:00:00Z'],
    },
    {
      frequency: 'weekdays',
      zone: 'UTC',
      now: '2026-11-22T12:00:00Z',
      latest: ['weekdays:2026-11-19', '2026-11-19', '2026-11-19', '2026-11-20T08:00:00Z'],
      next: ['weekdays:2026-11-20', '2026-11-20', '2026-11-22', '2026-11-23T08:00:00Z'],
    },
    {
      frequency: 'weekdays',
      zone: 'UTC',
      now: '2026-11-23T07:59:59Z',
      latest: ['weekdays:2026-11-19', '2026-11-19', '2026-11-19', '2026-11-20T08:00:00Z'],
      next: ['weekdays:2026-11-20', '2026-11-20', '2026-11-22', '2026-11-23T08:00:00Z'],
    },
    {
      frequency: 'weekdays',
      zone: 'UTC',
      now: '2026-11-23T08:00:00Z',
      latest: ['weekdays:2026-11-20', '2026-11-20', '2026-11-22', '2026-11-23T08:00:00Z'],
      next: ['weekdays:2026-11-23', '2026-11-23', '2026-11-23', '2026-11-24T08:00:00Z'],
    },
  ]);
});

describe('weekly', () => {
  const previous: Expected = [
    'weekly:2026-11-09',
    '2026-11-09',
    '2026-11-15',
    '2026-11-16T07:00:00Z',
  ];
  const due: Expected = ['weekly:2026-11-16', '2026-11-16', '2026-11-22', '2026-11-23T07:00:00Z'];
  const following: Expected = [
    'weekly:2026-11-23',
    '2026-11-23',
    '2026-11-29',
    '2026-11-30T07:00:00Z',
  ];
  checkCases([
    {
      frequency: 'weekly',
      zone: 'Europe/Madrid',
      now: '2026-11-23T06:59:59Z',
      latest: previous,
      next: due,
    },
    {
      frequency: 'weekly',
      zone: 'Europe/Madrid',
      now: '2026-11-23T07:00:00Z',
      latest: due,
      next: following,
    },
    {
      frequency: 'weekly',
      zone: 'Europe/Madrid',
      now: '2026-11-25T12:00:00Z',
      latest: due,
      next: following,
    },
    {
      frequency: 'weekly',
      zone: 'UTC',
      now: '2026-11-23T07:59:59Z',
      latest: ['weekly:2026-11-09', '2026-11-09', '2026-11-15', '2026-11-16T08:00:00Z'],
      next: ['weekly:2026-11-16', '2026-11-16', '2026-11-22', '2026-11-23T08:00:00Z'],
    },
    {
      frequency: 'weekly',
      zone: 'UTC',
      now: '2026-11-23T08:00:00Z',
      latest: ['weekly:2026-11-16', '2026-11-16', '2026-11-22', '2026-11-23T08:00:00Z'],
      next: ['weekly:2026-11-23', '2026-11-23', '2026-11-29', '2026-11-30T08:00:00Z'],
    },
    {
      frequency: 'weekly',
      zone: 'UTC',
      now: '2026-11-29T23:59:59Z',
      latest: ['weekly:2026-11-16', '2026-11-16', '2026-11-22', '2026-11-23T08:00:00Z'],
      next: ['weekly:2026-11-23', '2026-11-23', '2026-11-29', '2026-11-30T08:00:00Z'],
    },
  ]);
});

describe('monthly', () => {
  // Madrid was still on summer time (UTC+2) on 1 October and is on CET again by 1 November.
  const september: Expected = [
    'monthly:2026-09',
    '2026-09-01',
    '2026-09-30',
    '2026-10-01T06:00:00Z',
  ];
  const october: Expected = ['monthly:2026-10', '2026-10-01', '2026-10-31', '2026-11-01T07:00:00Z'];
  const november: Expected = [
    'monthly:2026-11',
    '2026-11-01',
    '2026-11-30',
    '2026-12-01T07:00:00Z',
  ];
  const december: Expected = [
    'monthly:2026-12',
    '2026-12-01',
    '2026-12-31',
    '2027-01-01T07:00:00Z',
  ];
  const january: Expected = ['monthly:2027-01', '2027-01-01', '2027-01-31', '2027-02-01T07:00:00Z'];
  checkCases([
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2026-11-01T06:59:59Z',
      latest: september,
      next: october,
    },
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2026-11-01T07:00:00Z',
      latest: october,
      next: november,
    },
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2026-11-15T12:00:00Z',
      latest: october,
      next: november,
    },
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2027-01-01T06:59:59Z',
      latest: november,
      next: december,
    },
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2027-01-01T07:00:00Z',
      latest: december,
      next: january,
    },
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2027-03-01T07:00:00Z',
      latest: ['monthly:2027-02', '2027-02-01', '2027-02-28', '2027-03-01T07:00:00Z'],
      next: ['monthly:2027-03', '2027-03-01', '2027-03-31', '2027-04-01T06:00:00Z'],
    },
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2028-02-15T12:00:00Z',
      latest: ['monthly:2028-01', '2028-01-01', '2028-01-31', '2028-02-01T07:00:00Z'],
      next: ['monthly:2028-02', '2028-02-01', '2028-02-29', '2028-03-01T07:00:00Z'],
    },
    {
      frequency: 'monthly',
      zone: 'Europe/Madrid',
      now: '2028-03-01T07:00:00Z',
      latest: ['monthly:2028-02', '2028-02-01', '2028-02-29', '2028-03-01T07:00:00Z'],
      next: ['monthly:2028-03', '2028-03-01', '2028-03-31', '2028-04-01T06:00:00Z'],
    },
    {
      frequency: 'monthly',
      zone: 'UTC',
      now: '2027-01-01T07:59:59Z',
      latest: ['monthly:2026-11', '2026-11-01', '2026-11-30', '2026-12-01T08:00:00Z'],
      next: ['monthly:2026-12', '2026-12-01', '2026-12-31', '2027-01-01T08:00:00Z'],
    },
    {
      frequency: 'monthly',
      zone: 'UTC',
      now: '2027-01-01T08:00:00Z',
      latest: ['monthly:2026-12', '2026-12-01', '2026-12-31', '2027-01-01T08:00:00Z'],
      next: ['monthly:2027-01', '2027-01-01', '2027-01-31', '2027-02-01T08:00:00Z'],
    },
    {
      frequency: 'monthly',
      zone: 'UTC',
      now: '2028-03-01T08:00:00Z',
      latest: ['monthly:2028-02', '2028-02-01', '2028-02-29', '2028-03-01T08:00:00Z'],
      next: ['monthly:2028-03', '2028-03-01', '2028-03-31', '2028-04-01T08:00:00Z'],
    },
  ]);
});

describe('daylight saving', () => {
  it.each([
    // Madrid springs forward on 2026-03-29 (CET → CEST) and falls back on 2026-10-25.
    ['Europe/Madrid', '2026-03-28', '2026-03-28T07:00:00Z'],
    ['Europe/Madrid', '2026-03-29', '2026-03-29T06:00:00Z'],
    ['Europe/Madrid', '2026-03-30', '2026-03-30T06:00:00Z'],
    ['Europe/Madrid', '2026-10-24', '2026-10-24T06:00:00Z'],
    ['Europe/Madrid', '2026-10-25', '2026-10-25T07:00:00Z'],
    ['Europe/Madrid', '2026-10-26', '2026-10-26T07:00:00Z'],
    // New York: EST → EDT on 2026-03-08, back on 2026-11-01.
    ['America/New_York', '2026-03-07', '2026-03-07T13:00:00Z'],
    ['America/New_York', '2026-03-08', '2026-03-08T12:00:00Z'],
    ['America/New_York', '2026-03-09', '2026-03-09T12:00:00Z'],
    ['America/New_York', '2026-10-31', '2026-10-31T12:00:00Z'],
    ['America/New_York', '2026-11-01', '2026-11-01T13:00:00Z'],
    ['America/New_York', '2026-11-02', '2026-11-02T13:00:00Z'],
    ['UTC', '2026-03-29', '2026-03-29T08:00:00Z'],
    ['Asia/Kolkata', '2026-11-25', '2026-11-25T02:30:00Z'],
    // UTC+14: 08:00 local is the previous UTC day.
    ['Pacific/Kiritimati', '2026-11-25', '2026-11-24T18:00:00Z'],
  ])('08:00 on %s %s is %s', (zone, day, expected) => {
    expect(localSendInstant(day, zone)).toEqual(new Date(expected));
  });

  checkCases([
    // 07:59:59 CEST on the first summer day: a fixed winter offset would call it 06:59:59.
    {
      frequency: 'daily',
      zone: 'Europe/Madrid',
      now: '2026-03-29T05:59:59Z',
      latest: ['daily:2026-03-27', '2026-03-27', '2026-03-27', '2026-03-28T07:00:00Z'],
      next: ['daily:2026-03-28', '2026-03-28', '2026-03-28', '2026-03-29T06:00:00Z'],
    },
    {
      frequency: 'daily',
      zone: 'Europe/Madrid',
      now: '2026-03-29T06:00:00Z',
      latest: ['daily:2026-03-28', '2026-03-28', '2026-03-28', '2026-03-29T06:00:00Z'],
      next: ['daily:2026-03-29', '2026-03-29', '2026-03-29', '2026-03-30T06:00:00Z'],
    },
    // 07:30 CET on the first winter day: a stale summer offset would call it 08:30 and send.
    {
      frequency: 'daily',
      zone: 'Europe/Madrid',
      now: '2026-10-25T06:30:00Z',
      latest: ['daily:2026-10-23', '2026-10-23', '2026-10-23', '2026-10-24T06:00:00Z'],
      next: ['daily:2026-10-24', '2026-10-24', '2026-10-24', '2026-10-25T07:00:00Z'],
    },
    {
      frequency: 'daily',
      zone: 'America/New_York',
      now: '2026-03-08T11:59:59Z',
      latest: ['daily:2026-03-06', '2026-03-06', '2026-03-06', '2026-03-07T13:00:00Z'],
      next: ['daily:2026-03-07', '2026-03-07', '2026-03-07', '2026-03-08T12:00:00Z'],
    },
    {
      frequency: 'daily',
      zone: 'America/New_York',
      now: '2026-03-08T12:00:00Z',
      latest: ['daily:2026-03-07', '2026-03-07', '2026-03-07', '2026-03-08T12:00:00Z'],
      next: ['daily:2026-03-08', '2026-03-08', '2026-03-08', '2026-03-09T12:00:00Z'],
    },
    {
      frequency: 'daily',
      zone: 'America/New_York',
      now: '2026-11-01T12:30:00Z',
      latest: ['daily:2026-10-30', '2026-10-30', '2026-10-30', '2026-10-31T12:00:00Z'],
      next: ['daily:2026-10-31', '2026-10-31', '2026-10-31', '2026-11-01T13:00:00Z'],
    },
  ]);

  it('maps a skipped wall time to the end of the gap', () => {
    // Madrid jumps from 02:00 CET to 03:00 CEST at 01:00Z; New York from 02:00 EST at 07:00Z.
    expect(localWallTimeToInstant('2026-03-29', 2, 30, 'Europe/Madrid')).toEqual(
      new Date('2026-03-29T01:00:00Z'),
    );
    expect(localWallTimeToInstant('2026-03-29', 2, 0, 'Europe/Madrid')).toEqual(
      new Date('2026-03-29T01:00:00Z'),
    );
    expect(localWallTimeToInstant('2026-03-29', 1, 59, 'Europe/Madrid')).toEqual(
      new Date('2026-03-29T00:59:00Z'),
    );
    expect(localWallTimeToInstant('2026-03-08', 2, 30, 'America/New_York')).toEqual(
      new Date('2026-03-08T07:00:00Z'),
    );
    // Samoa skipped 30 December 2011 entirely (UTC−10 → UTC+14), so even 08:00 did not exist.
    expect(localSendInstant('2011-12-30', 'Pacific/Apia')).toEqual(
      new Date('2011-12-30T10:00:00Z'),
    );
    expect(localSendInstant('2011-12-31', 'Pacific/Apia')).toEqual(
      new Date('2011-12-30T18:00:00Z'),
    );
  });

  it('maps a repeated wall time to its first showing', () => {
    expect(localWallTimeToInstant('2026-10-25', 2, 30, 'Europe/Madrid')).toEqual(
      new Date('2026-10-25T00:30:00Z'),
    );
    expect(localWallTimeToInstant('2026-10-25', 3, 0, 'Europe/Madrid')).toEqual(
      new Date('2026-10-25T02:00:00Z'),
    );
    expect(localWallTimeToInstant('2026-11-01', 1, 30, 'America/New_York')).toEqual(
      new Date('2026-11-01T05:30:00Z'),
    );
  });
});

describe('zones far from UTC', () => {
  checkCases([
    // 02:30 on the 25th in Kolkata (UTC+05:30) while UTC is still on the 24th.
    {
      frequency: 'daily',
      zone: 'Asia/Kolkata',
      now: '2026-11-24T21:00:00Z',
      latest: ['daily:2026-11-23', '2026-11-23', '2026-11-23', '2026-11-24T02:30:00Z'],
      next: ['daily:2026-11-24', '2026-11-24', '2026-11-24', '2026-11-25T02:30:00Z'],
    },
    {
      frequency: 'daily',
      zone: 'Asia/Kolkata',
      now: '2026-11-25T02:30:00Z',
      latest: ['daily:2026-11-24', '2026-11-24', '2026-11-24', '2026-11-25T02:30:00Z'],
      next: ['daily:2026-11-25', '2026-11-25', '2026-11-25', '2026-11-26T02:30:00Z'],
    },
    {
      frequency: 'monthly',
      zone: 'Asia/Kolkata',
      now: '2026-10-31T20:00:00Z',
      latest: ['monthly:2026-09', '2026-09-01', '2026-09-30', '2026-10-01T02:30:00Z'],
      next: ['monthly:2026-10', '2026-10-01', '2026-10-31', '2026-11-01T02:30:00Z'],
    },
    // Sunday 18:00 UTC is Monday 08:00 in Kiritimati (UTC+14).
    {
      frequency: 'weekly',
      zone: 'Pacific/Kiritimati',
      now: '2026-11-22T17:59:59Z',
      latest: ['weekly:2026-11-09', '2026-11-09', '2026-11-15', '2026-11-15T18:00:00Z'],
      next: ['weekly:2026-11-16', '2026-11-16', '2026-11-22', '2026-11-22T18:00:00Z'],
    },
    {
      frequency: 'weekly',
      zone: 'Pacific/Kiritimati',
      now: '2026-11-22T18:00:00Z',
      latest: ['weekly:2026-11-16', '2026-11-16', '2026-11-22', '2026-11-22T18:00:00Z'],
      next: ['weekly:2026-11-23', '2026-11-23', '2026-11-29', '2026-11-29T18:00:00Z'],
    },
    // Saturday in UTC, Sunday in Kiritimati: no weekday digest goes out.
    {
      frequency: 'weekdays',
      zone: 'Pacific/Kiritimati',
      now: '2026-11-21T18:00:00Z',
      latest: ['weekdays:2026-11-19', '2026-11-19', '2026-11-19', '2026-11-19T18:00:00Z'],
      next: ['weekdays:2026-11-20', '2026-11-20', '2026-11-22', '2026-11-22T18:00:00Z'],
    },
    {
      frequency: 'monthly',
      zone: 'Pacific/Kiritimati',
      now: '2026-10-31T18:00:00Z',
      latest: ['monthly:2026-10', '2026-10-01', '2026-10-31', '2026-10-31T18:00:00Z'],
      next: ['monthly:2026-11', '2026-11-01', '2026-11-30', '2026-11-30T18:00:00Z'],
    },
  ]);
});

describe('properties', () => {
  // Lord Howe Island shifts its clocks by half an hour, a case the other zones do not cover.
  const ZONES = [
    'Europe/Madrid',
    'UTC',
    'America/New_York',
    'Asia/Kolkata',
    'Pacific/Kiritimati',
    'Australia/Lord_Howe',
  ];
  const START = Date.UTC(2026, 0, 1);
  const END = Date.UTC(2028, 0, 1);

  /** mulberry32: a fixed seed keeps a failure reproducible. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
  }

  const addDays = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  /** The local day and time of `instant`, worked out independently of the code under test. */
  function localClock(instant: Date, zone: string): { day: string; time: string } {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(instant);
    const get = (type: Intl.DateTimeFormatPartTypes) =>
      parts.find((part) => part.type === type)?.value ?? '';
    return {
      day: `${get('year')}-${get('month')}-${get('day')}`,
      time: `${get('hour')}:${get('minute')}:${get('second')}`,
    };
  }

  const next = random(20_261_125);
  const instants = Array.from(
    { length: 200 },
    () => new Date(START + Math.floor(next() * (END - START))),
  );

  describe.each(ZONES)('%s', (zone) => {
    it.each(DIGEST_FREQUENCIES)(
      '%s: the latest due period is at or before now, the next one after',
      (frequency) => {
        for (const now of instants) {
          const latest = latestDuePeriod(frequency, zone, now);
          const upcoming = nextPeriod(frequency, zone, now);
          expect(latest.sendAt.getTime()).toBeLessThanOrEqual(now.getTime());
          expect(upcoming.sendAt.getTime()).toBeGreaterThan(now.getTime());
          // Nothing is due in between: the two are neighbours.
          expect(nextPeriod(frequency, zone, latest.sendAt)).toEqual(upcoming);
          expect(latestDuePeriod(frequency, zone, new Date(upcoming.sendAt.getTime() - 1))).toEqual(
            latest,
          );
          for (const p of [latest, upcoming]) {
            expect(localClock(p.sendAt, zone)).toEqual({ day: addDays(p.to, 1), time: '08:00:00' });
          }
        }
      },
    );

    it.each(DIGEST_FREQUENCIES)(
      '%s: consecutive periods leave no day out or twice',
      (frequency) => {
        let previous = latestDuePeriod(frequency, zone, new Date(START));
        const keys = new Set([previous.key]);
        while (previous.sendAt.getTime() < END) {
          const current = nextPeriod(frequency, zone, previous.sendAt);
          expect(current.from).toBe(addDays(previous.to, 1));
          expect(current.from <= current.to).toBe(true);
          expect(current.sendAt.getTime()).toBeGreaterThan(previous.sendAt.getTime());
          expect(keys.has(current.key)).toBe(false);
          keys.add(current.key);
          previous = current;
        }
        const expectedCount = { daily: 730, weekdays: 522, weekly: 104, monthly: 24 }[frequency];
        expect(keys.size).toBeGreaterThanOrEqual(expectedCount);
      },
    );

    it('weekdays: five weeks of digests cover every day exactly once', () => {
      const covered = new Map<string, number>();
      let current = nextPeriod('weekdays', zone, new Date('2026-11-01T12:00:00Z'));
      const first = current.from;
      let last = current.to;
      for (let sent = 0; sent < 26; sent++) {
        for (let day = current.from; day <= current.to; day = addDays(day, 1)) {
          covered.set(day, (covered.get(day) ?? 0) + 1);
        }
        // Monday's digest is the only one covering more than one day: Friday to Sunday.
        const weekday = new Date(`${current.to}T00:00:00Z`).getUTCDay();
        expect(current.from).toBe(addDays(current.to, weekday === 0 ? -2 : 0));
        last = current.to;
        current = nextPeriod('weekdays', zone, current.sendAt);
      }
      expect(first).toBe('2026-10-30');
      expect(last).toBe('2026-12-06');
      const days: string[] = [];
      for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
      expect(days).toHaveLength(38);
      expect([...covered.keys()].sort()).toEqual(days);
      expect([...covered.values()].every((count) => count === 1)).toBe(true);
    });
  });
});

describe('unknown time zones', () => {
  it.each(['Mars/Olympus_Mons', '', 'Europe/Madrid '])('rejects %j', (zone) => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(() => latestDuePeriod('daily', zone, now)).toThrow(RangeError);
    expect(() => nextPeriod('weekly', zone, now)).toThrow(RangeError);
    expect(() => localSendInstant('2026-11-25', zone)).toThrow(RangeError);
  });

  it('rejects a day that is not on the calendar', () => {
    expect(() => localSendInstant('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => localSendInstant('25/11/2026', 'UTC')).toThrow(RangeError);
  });
});
