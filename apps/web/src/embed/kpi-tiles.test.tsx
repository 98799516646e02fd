import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { KpisResponse } from '@partner-portal/shared/report-data';
import { KpiTiles } from './kpi-tiles';

afterEach(cleanup);

const totals = {
  impressions: 2_396_164,
  clicks: 52_627,
  conversions: 2_623,
  revenue: 182_256.45,
  payout: 140_344.55,
};
const kpis: KpisResponse = {
  current: totals,
  previous: totals,
  previous_range: { from: '2026-10-04', to: '2026-11-02' },
};

describe('KPI tiles', () => {
  it('never break inside a number or a currency symbol: only between the two', () => {
    render(<KpiTiles kpis={kpis} locale="es" />);
    const revenue = screen.getByTestId('kpi-revenue');
    const parts = [...revenue.querySelectorAll('span')];
    expect(parts.map((part) => part.textContent)).toEqual(['182.256,45', 'US$']);
    for (const part of parts) expect(part).toHaveClass('whitespace-nowrap');
    // The space is where the line may break, so it sits between the parts, not inside one.
    expect(revenue.textContent).toBe('182.256,45 US$');
    expect(revenue).not.toHaveClass('break-words');
  });

  it('keeps a figure without a space whole', () => {
    render(<KpiTiles kpis={kpis} locale="en" />);
    const revenue = screen.getByTestId('kpi-revenue');
    expect([...revenue.querySelectorAll('span')].map((part) => part.textContent)).toEqual([
      '$182,256.45',
    ]);
  });
});
