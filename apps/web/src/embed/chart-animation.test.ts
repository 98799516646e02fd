import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHART_ANIMATION } from '@partner-portal/shared/constants';
import { chartAnimation } from './chart-animation';

function prefersReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
      }) as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('chartAnimation', () => {
  it('animates charts as the product constant says by default', () => {
    prefersReducedMotion(false);
    expect(chartAnimation()).toEqual({ duration: 1_000, easing: 'easeOutQuart' });
    expect(chartAnimation()).toBe(CHART_ANIMATION);
  });

  it('draws charts at once for someone who asked for less motion', () => {
    prefersReducedMotion(true);
    expect(chartAnimation()).toBe(false);
  });
});
