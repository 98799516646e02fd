import { describe, expect, it } from 'vitest';
import { formatDayAt } from './series';

describe('formatDayAt', () => {
  it('counts whole UTC days from the start, across month, year and leap-day boundaries', () => {
    expect(formatDayAt('2024-01-01', 0)).toBe('2024-01-01');
    expect(formatDayAt('2024-01-31', 1)).toBe('2024-02-01');
    expect(formatDayAt('2024-02-28', 1)).toBe('2024-02-29');
    expect(formatDayAt('2023-02-28', 1)).toBe('2023-03-01');
    expect(formatDayAt('2024-12-31', 1)).toBe('2025-01-01');
    expect(formatDayAt('2024-03-01', 365)).toBe('2025-03-01');
  });

  it('is not thrown off by daylight-saving changes (dates are UTC)', () => {
    // 2024-03-31 is the EU switch to summer time, 2024-10-27 back to winter time.
    expect(formatDayAt('2024-03-30', 2)).toBe('2024-04-01');
    expect(formatDayAt('2024-10-26', 2)).toBe('2024-10-28');
  });

  it('rejects start dates that are not real YYYY-MM-DD days', () => {
    expect(() => formatDayAt('2024-02-30', 0)).toThrow(RangeError);
    expect(() => formatDayAt('2024-1-01', 0)).toThrow(RangeError);
    expect(() => formatDayAt('yesterday', 0)).toThrow(RangeError);
    expect(() => formatDayAt('2024-01-01', 1.5)).toThrow(RangeError);
  });
});
