import { describe, expect, it } from 'vitest';
import {
  readReportFocus,
  writeReportFocus,
  type QueryParams,
  type ReportFocus,
} from './report-data';

/** Query parameters as URLSearchParams holds them, one value a name (the app passes the real one). */
class Params implements QueryParams {
  readonly values: Map<string, string>;
  constructor(entries: Record<string, string> = {}) {
    this.values = new Map(Object.entries(entries));
  }
  get(name: string) {
    return this.values.get(name) ?? null;
  }
  set(name: string, value: string) {
    this.values.set(name, value);
  }
  delete(name: string) {
    this.values.delete(name);
  }
}

describe('report focus in query parameters', () => {
  it('reads back what it wrote, leaving other parameters alone', () => {
    const focus: ReportFocus = {
      filters: { advertiser: 'Stark & Sons', campaign: 'Año nuevo', device: 'mobile' },
      range: { from: '2026-11-01', to: '2026-11-07' },
    };
    const params = writeReportFocus(new Params({ token: 'abc', country: 'US' }), focus);
    expect(params.get('token')).toBe('abc');
    expect(params.get('country')).toBeNull();
    expect(readReportFocus(params)).toEqual(focus);
  });

  it('leaves out values the schemas refuse: empty, too long, a backwards or half range', () => {
    const focus = readReportFocus(
      new Params({
        advertiser: '   ',
        campaign: 'x'.repeat(201),
        channel: ' social ',
        from: '2026-11-07',
        to: '2026-11-01',
      }),
    );
    expect(focus).toEqual({ filters: { channel: 'social' }, range: null });
    expect(readReportFocus(new Params({ from: '2026-11-01' })).range).toBeNull();
  });

  it('writes nothing for an empty focus, clearing an old one', () => {
    const params = writeReportFocus(
      new Params({ advertiser: 'A', from: '2026-01-01', to: '2026-01-02', upgrade: 'plus' }),
      { filters: {}, range: null },
    );
    expect([...params.values.keys()]).toEqual(['upgrade']);
  });
});
