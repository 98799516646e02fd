import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS, type PlanId } from '@partner-portal/shared/plan-rules';

// Spanish leaves four-digit numbers ungrouped by default; every figure is grouped the same way.
const GROUPING = { useGrouping: 'always' } as const;

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { ...GROUPING, ...options });
  } catch {
    // An engine that predates 'always', or a currency code it does not know.
    return new Intl.NumberFormat(locale, { ...options, useGrouping: true });
  }
}

/** Money the API sends in cents, in its currency, as the viewer's language writes it. */
function formatCents(locale: string, cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      ...GROUPING,
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${numberFormat(locale, { minimumFractionDigits: 2 }).format(cents / 100)} ${currency.toUpperCase()}`;
  }
}

/** A plan's name as the catalogue spells it (product names are not translated). */
export function planName(plan: PlanId | null | undefined): string | null {
  if (!plan) return null;
  return PLANS.find((entry) => entry.id === plan)?.name ?? plan;
}

/**
 * The currency of a plan's price: the account list and detail send MRR in cents without one,
 * and every plan of the catalogue is billed in its own.
 */
export function planCurrency(plan: PlanId | null | undefined): string {
  return (
    PLANS.find((entry) => entry.id === plan)?.currency.code ?? PLANS[0]?.currency.code ?? 'usd'
  );
}

/** Change against the period before, as a fraction; null when there is nothing to compare with. */
export function relativeChange(value: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return (value - previous) / previous;
}

/** The viewer's formats, in their language. */
export function useFormats() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const count = numberFormat(locale, {});
    const rate = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const change = numberFormat(locale, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    const points = numberFormat(locale, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
    const signed = numberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const readDate = (iso: string) => {
      const at = new Date(iso);
      return Number.isNaN(at.getTime()) ? null : at;
    };
    return {
      locale,
      count: (value: number) => count.format(value),
      /** A share (0–1) as a percentage. */
      rate: (value: number) => rate.format(value),
      /** A relative change (0.12 → "+12%"). */
      change: (value: number) => change.format(value),
      /** A difference of percentages, in points (0.021 → "+2.1"). */
      points: (value: number) => points.format(value * 100),
      /** A signed whole number ("+12", "−3"). */
      signed: (value: number) => signed.format(value),
      money: (cents: number, currency: string) => formatCents(locale, cents, currency),
      /** Money on a chart's axis: "$1.2K". */
      compactMoney: (cents: number, currency: string) => {
        try {
          return new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: currency.toUpperCase(),
            notation: 'compact',
            maximumFractionDigits: 1,
          }).format(cents / 100);
        } catch {
          return formatCents(locale, cents, currency);
        }
      },
      /** A signed amount of money ("+$1,200.00"). */
      signedMoney: (cents: number, currency: string) =>
        `${cents > 0 ? '+' : ''}${formatCents(locale, cents, currency)}`,
      date: (iso: string) => {
        const at = readDate(iso);
        return at ? date.format(at) : iso;
      },
      dateTime: (iso: string) => {
        const at = readDate(iso);
        return at ? dateTime.format(at) : iso;
      },
      /** A calendar day of the API ("2026-11-23"), read in UTC so no time zone moves it. */
      day: (iso: string) => {
        const at = readDate(`${iso}T00:00:00Z`);
        return at
          ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at)
          : iso;
      },
    };
  }, [locale]);
}

export type Formats = ReturnType<typeof useFormats>;
