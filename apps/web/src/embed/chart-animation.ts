import { CHART_ANIMATION } from '@partner-portal/shared/constants';

/**
 * The charts' entrance animation (docs/product.md#constants-and-limits), or none for someone who asked their
 * system for less motion: the same wish styles.css honours for CSS animations.
 */
export function chartAnimation(): typeof CHART_ANIMATION | false {
  const reduce =
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? false : CHART_ANIMATION;
}
