import { describe, expect, it } from 'vitest';
import { monthSpans } from './report-queries';

describe('monthSpans', () => {
  it.each([
    {
      range: { from: '2026-04-01', to: '2026-04-30' },
      spans: {
        months: { from: '2026-04-01', to: '2026-04-01' },
        before: { from: '2026-04-01', to: '2026-03-31' },
        after: { from: '2026-05-01', to: '2026-04-30' },
      },
    },
    {
      range: { from: '2025-12-09', to: '2026-03-02' },
      spans: {
        months: { from: '2026-01-01', to: '2026-02-01' },
        before: { from: '2025-12-09', to: '2025-12-31' },
        after: { from: '2026-03-01', to: '2026-03-02' },
      },
    },
    {
      // A leap year's February is whole only to its 29th.
      range: { from: '2028-02-01', to: '2028-02-29' },
      spans: {
        months: { from: '2028-02-01', to: '2028-02-01' },
        before: { from: '2028-02-01', to: '2028-01-31' },
        after: { from: '2028-03-01', to: '2028-02-29' },
      },
    },
  ])('splits $range.from – $range.to into whole months and the days around them', (c) => {
    expect(monthSpans(c.range)).toEqual(c.spans);
  });

  it.each([
    { from: '2026-04-02', to: '2026-04-30' },
    { from: '2026-04-01', to: '2026-04-29' },
    { from: '2026-03-15', to: '2026-04-14' },
    { from: '2028-02-01', to: '2028-02-28' },
  ])('has none in $from – $to, which holds no whole month', (range) => {
    expect(monthSpans(range)).toBeNull();
  });
});
