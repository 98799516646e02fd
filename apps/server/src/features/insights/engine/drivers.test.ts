import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainChange } from './drivers';
import type { ChangeExplanation, DriverRow } from './drivers';
import { buildLeafRows } from './drivers-synthetic';
import { createRandom } from './synthetic-series';

type Dims = DriverRow['dims'];

/** Channel, device and campaign shared by every row: such segments restate the total, never picked. */
const row = (dims: Partial<Dims>, before: number, after: number): DriverRow => ({
  dims: {
    advertiser: 'A',
    campaign: 'Brand',
    channel: 'search',
    country: 'DE',
    device: 'mobile',
    ...dims,
  },
  before,
  after,
});

/** Rows that share no value but the campaign, so each is its own advertiser-level segment. */
const distinctRows = (changes: number[]) =>
  changes.map((change, index) =>
    row(
      {
        advertiser: `adv${index}`,
        channel: `ch${index}`,
        country: `c${index}`,
        device: `d${index}`,
      },
      100,
      100 + change,
    ),
  );

const sumShares = (result: ChangeExplanation) =>
  result.picks.reduce((sum, pick) => sum + pick.shareOfChange, 0) + result.rest.shareOfChange;
const largestPickShare = (result: ChangeExplanation) =>
  Math.max(0, ...result.picks.map((pick) => pick.shareOfChange));

const INJECTED = { advertiser: 'Acme Shoes', country: 'DE', device: 'mobile' };
const isInjected = (dims: Dims) =>
  dims.advertiser === INJECTED.advertiser &&
  dims.country === INJECTED.country &&
  dims.device === INJECTED.device;
const injectedRows = (seed: number) =>
  buildLeafRows({ seed, factorOf: (dims) => (isInjected(dims) ? 0.3 : 1) });

describe('explainChange on a synthetic portfolio', () => {
  it('names an injected −70 % on one advertiser × device × country first', () => {
    // 1,080 leaves with 3 % week-to-week noise each; Acme Shoes on mobile in DE (~6 % of the
    // volume) falls 70 %, so the total falls ~4 % and the noise alone moves it about ±0.5 %.
    const shares: number[] = [];
    for (let seed = 1; seed <= 10; seed += 1) {
      const result = explainChange(injectedRows(seed), { totalIsSignificant: true });
      const [first, ...others] = result.picks;
      expect(first?.segment).toEqual(INJECTED);
      for (const other of [...others, result.rest]) {
        expect(first!.shareOfChange).toBeGreaterThan(other.shareOfChange);
      }
      expect(result.explainsShare).toBe(true);
      shares.push(first!.shareOfChange);
    }
    console.info('share explained by pick #1 per seed', shares.map((s) => s.toFixed(3)).join(' '));
    expect(Math.min(...shares)).toBeGreaterThan(0.9);
  });

  it('finds no driver in a change spread evenly over everything', () => {
    // Every leaf −18 % (with noise) on equal volumes: the biggest segments are a third of it.
    for (let seed = 1; seed <= 5; seed += 1) {
      const even = buildLeafRows({ seed, uniform: true, factorOf: () => 0.82 });
      expect(largestPickShare(explainChange(even))).toBeLessThan(0.4);
      // The same measure does see a concentrated change on the same volumes.
      const concentrated = buildLeafRows({
        seed,
        uniform: true,
        factorOf: (d) => (isInjected(d) ? 0.3 : 0.995),
      });
      expect(largestPickShare(explainChange(concentrated))).toBeGreaterThan(0.4);
    }
  });

  it('never names a campaign across advertisers', () => {
    // "Brand" under every advertiser falls 70 %: summed across advertisers it would explain all
    // of it, 3× what any valid segment does, but a campaign is only ever named with its advertiser.
    const result = explainChange(
      buildLeafRows({
        seed: 7,
        uniform: true,
        factorOf: (dims) => (dims.campaign === 'Brand' ? 0.3 : 1),
      }),
    );
    expect(result.picks.length).toBeGreaterThan(0);
    for (const { segment } of result.picks) {
      if (segment.campaign !== undefined) expect(segment.advertiser).toBeDefined();
    }
    expect(largestPickShare(result)).toBeLessThan(0.5);
  });

  it('explains 5,400 leaves in well under a second', () => {
    const random = createRandom(42);
    const rows: DriverRow[] = [];
    for (let a = 0; a < 10; a += 1)
      for (let k = 0; k < 4; k += 1)
        for (const channel of ['search', 'social', 'display'])
          for (let c = 0; c < 15; c += 1)
            for (const device of ['mobile', 'desktop', 'tablet']) {
              const dims = {
                advertiser: `adv${a}`,
                campaign: `k${k}`,
                channel,
                country: `c${c}`,
                device,
              };
              const before = 100 + 900 * random();
              const factor =
                a === 3 && c === 2 && device === 'tablet' ? 0.2 : 0.95 + 0.1 * random();
              rows.push({ dims, before, after: before * factor });
            }
    const started = performance.now();
    const result = explainChange(rows, { totalIsSignificant: true });
    const elapsed = performance.now() - started;
    expect(result.picks[0]?.segment).toEqual({
      advertiser: 'adv3',
      country: 'c2',
      device: 'tablet',
    });
    // Typically ~50 ms; the bound only catches a scan over pairs of segments.
    expect(elapsed).toBeLessThan(2000);
  });
});

describe('explainChange: the greedy rule', () => {
  it('names only segments that moved with the total, however much they explain', () => {
    const result = explainChange([
      row({ advertiser: 'A' }, 300, 150),
      row({ advertiser: 'B' }, 100, 150),
    ]);
    expect(result).toMatchObject({ before: 400, after: 300, change: -100 });
    expect(result.picks).toEqual([
      { segment: { advertiser: 'A' }, before: 300, after: 150, change: -150, shareOfChange: 1.5 },
    ]);
    expect(result.rest).toEqual({ before: 100, after: 150, change: 50, shareOfChange: -0.5 });
  });

  it('stops once the picks explain 67 %, and after three picks at most', () => {
    expect(explainChange(distinctRows([-40, -30, -20, -10])).picks).toHaveLength(2);
    // Exactly 67 % is enough.
    expect(explainChange(distinctRows([-34, -33, -33])).picks).toHaveLength(2);
    expect(explainChange(distinctRows([-34, -32, -34])).picks).toHaveLength(2);
    const ten = explainChange(distinctRows(Array<number>(10).fill(-10)));
    expect(ten.picks.map((pick) => pick.segment)).toEqual([
      { advertiser: 'adv0' },
      { advertiser: 'adv1' },
      { advertiser: 'adv2' },
    ]);
    expect(ten.rest.shareOfChange).toBeCloseTo(0.7, 12);
  });

  it('prefers a simpler segment explaining within 5 points of the best', () => {
    // FR explains 40 of 63; Cora in US 43, i.e. 4.8 points more: FR, the simpler, is named first.
    const rows = (coraUs: number) => [
      row({ advertiser: 'Acme', country: 'FR' }, 100, 80),
      row({ advertiser: 'Bolt', country: 'FR' }, 100, 80),
      row({ advertiser: 'Cora', country: 'US' }, 100, 100 - coraUs),
      row({ advertiser: 'Cora', country: 'DE' }, 100, 110),
      row({ advertiser: 'Dune', country: 'US' }, 100, 110),
    ];
    expect(explainChange(rows(43)).picks.map((pick) => pick.segment)).toEqual([
      { country: 'FR' },
      { advertiser: 'Cora', country: 'US' },
    ]);
    // 45 of 65 is 7.7 points more than FR's 40: the more specific segment wins.
    expect(explainChange(rows(45)).picks[0]?.segment).toEqual({
      advertiser: 'Cora',
      country: 'US',
    });
  });

  it('names where a change sits rather than a bigger segment it dilutes into', () => {
    const rows = (flat: number) => [
      row({ advertiser: 'A', device: 'mobile' }, 100, 30),
      row({ advertiser: 'A', device: 'desktop' }, flat, flat),
      row({ advertiser: 'B', device: 'mobile' }, flat, flat),
    ];
    // A and mobile explain all of it too, but half of each did not move.
    expect(explainChange(rows(100)).picks[0]?.segment).toEqual({
      advertiser: 'A',
      device: 'mobile',
    });
    // When their other rows are negligible (under 5 % of the volume), the simpler one is named.
    expect(explainChange(rows(2)).picks[0]?.segment).toEqual({ advertiser: 'A' });
  });

  it('says "explains" only of a change the caller judged significant', () => {
    const rows = distinctRows([-40, -30, -20]);
    const quiet = explainChange(rows, { totalIsSignificant: false });
    expect(quiet).toMatchObject({ significant: false, explainsShare: false });
    expect(quiet.picks.map((pick) => pick.segment)).toEqual([
      { advertiser: 'adv0' },
      { advertiser: 'adv1' },
    ]);
    expect(explainChange(rows)).toMatchObject({ significant: false, explainsShare: false });
    expect(explainChange(rows, { totalIsSignificant: true })).toMatchObject({
      significant: true,
      explainsShare: true,
    });
  });

  it('has nothing to explain when the total did not move', () => {
    for (const rows of [[], distinctRows([-10, 10, 0]), distinctRows([0, 0])]) {
      const result = explainChange(rows, { totalIsSignificant: true });
      expect(result.change).toBe(0);
      expect(result.picks).toEqual([]);
      expect(result.explainsShare).toBe(false);
      expect(result.rest).toEqual({
        before: result.before,
        after: result.after,
        change: 0,
        shareOfChange: 1,
      });
    }
  });

  it('takes rounding in the sums for no movement (fast-check seed 379335722)', () => {
    // These sum to the same before and after; scaled by 0.018 their sums differ by 7e-15.
    const factor = 0.018124108697550535;
    const rows = [
      row({ country: 'DE' }, 984 * factor, 0),
      row({ country: 'FR' }, 3 * factor, 986 * factor),
      row({ country: 'DE' }, 606 * factor, 937 * factor),
      row({ country: 'DE' }, 996 * factor, 666 * factor),
    ];
    const result = explainChange(rows, { totalIsSignificant: true });
    expect(Math.abs(result.change)).toBeLessThan(1e-12);
    expect(result.picks).toEqual([]);
    expect(result.rest.shareOfChange).toBe(1);
  });

  it('rejects sums that are not finite', () => {
    expect(() => explainChange([row({}, Number.NaN, 1)])).toThrow(RangeError);
    expect(() => explainChange([row({}, 1, Number.POSITIVE_INFINITY)])).toThrow(RangeError);
  });
});

describe('explainChange: properties over random rows', () => {
  const value = (options: string[]) => fc.constantFrom(...options);
  const rowArbitrary = fc.record({
    dims: fc.record({
      advertiser: value(['A', 'B', 'C']),
      campaign: value(['Brand', 'Sale']),
      channel: value(['search', 'social']),
      country: value(['DE', 'FR', 'US']),
      device: value(['mobile', 'desktop']),
    }),
    before: fc.integer({ min: 0, max: 1000 }),
    after: fc.integer({ min: 0, max: 1000 }),
  });
  const rowsArbitrary = fc.array(rowArbitrary, { maxLength: 40 });

  it('splits the change into picks and a rest that add up to 100 %', () => {
    fc.assert(
      fc.property(rowsArbitrary, (rows) => {
        const result = explainChange(rows, { totalIsSignificant: true });
        const picked = result.picks.reduce((sum, pick) => sum + pick.before, 0);
        // The picks and the rest hold every row once: no row is explained twice.
        expect(picked + result.rest.before).toBeCloseTo(result.before, 6);
        expect(sumShares(result)).toBeCloseTo(1, 12);
        // …and each share, the rest's included, is its own change over the total change.
        if (result.change !== 0) {
          for (const part of [...result.picks, result.rest]) {
            expect(part.change).toBe(part.after - part.before);
            expect(part.shareOfChange).toBeCloseTo(part.change / result.change, 9);
          }
        }
        expect(result.picks.length).toBeLessThanOrEqual(3);
        let explained = 0;
        for (const pick of result.picks) {
          // A pick is only made while less than 67 % is explained.
          expect(explained).toBeLessThan(0.67);
          expect(pick.shareOfChange).toBeGreaterThan(0);
          expect(Object.keys(pick.segment).length).toBeGreaterThanOrEqual(1);
          expect(Object.keys(pick.segment).length).toBeLessThanOrEqual(3);
          if (pick.segment.campaign !== undefined) expect(pick.segment.advertiser).toBeDefined();
          explained += pick.shareOfChange;
        }
      }),
    );
  });

  it('tells the same story when every value is scaled', () => {
    fc.assert(
      fc.property(
        rowsArbitrary,
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        (rows, factor) => {
          const scaled = rows.map((r) => ({
            ...r,
            before: r.before * factor,
            after: r.after * factor,
          }));
          const original = explainChange(rows);
          const result = explainChange(scaled);
          expect(result.picks.map((pick) => pick.segment)).toEqual(
            original.picks.map((pick) => pick.segment),
          );
          result.picks.forEach((pick, index) => {
            expect(pick.shareOfChange).toBeCloseTo(original.picks[index]!.shareOfChange, 9);
          });
          expect(result.rest.shareOfChange).toBeCloseTo(original.rest.shareOfChange, 9);
        },
      ),
    );
  });
});
