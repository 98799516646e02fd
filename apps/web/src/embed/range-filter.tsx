import type { Locale } from '@partner-portal/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportRangeQuerySchema, type ReportRange } from '@partner-portal/shared/report-data';
import { translateFormMessage } from '@partner-portal/shared/form-messages';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { formatDateRange } from './date-format';
import { presetOf, presetRange, RANGE_PRESETS, type RangePreset } from './date-range';

/** docs/product.md#screens: a date-range filter with presets and a custom range; the last 30 days by default. */
export function RangeFilter({
  range,
  locale,
  onChange,
}: {
  range: ReportRange;
  /** The page's language, for the dates shown (the API keeps ISO dates). */
  locale: Locale;
  onChange: (range: ReportRange) => void;
}) {
  const { t } = useTranslation();
  // A workbook opened on a range of its own ("open in dashboard") shows it as a custom range.
  const [preset, setPreset] = useState<RangePreset>(() => presetOf(range));
  const [draft, setDraft] = useState(range);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);

  const choose = (value: string) => {
    const next = value as RangePreset;
    setPreset(next);
    setError(null);
    if (next !== 'custom') {
      const chosen = presetRange(next);
      setDraft(chosen);
      onChange(chosen);
    }
  };
  const apply = () => {
    const parsed = ReportRangeQuerySchema.safeParse(draft);
    if (parsed.success) {
      setError(null);
      onChange(parsed.data);
      return;
    }
    const issue = parsed.error.issues[0];
    setError({
      field: String(issue?.path[0] ?? 'from'),
      message: translateFormMessage(locale, issue?.message ?? '') ?? t('global.error.generic'),
    });
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="range-preset">{t('embed.range.label')}</Label>
        <Select
          id="range-preset"
          value={preset}
          onValueChange={choose}
          className="w-48"
          options={RANGE_PRESETS.map((value) => ({ value, label: t(`embed.range.${value}`) }))}
        />
      </div>
      {preset === 'custom' ? (
        <>
          {(['from', 'to'] as const).map((field) => (
            <div key={field} className="grid gap-1.5">
              <Label htmlFor={`range-${field}`}>{t(`embed.range.${field}`)}</Label>
              <Input
                id={`range-${field}`}
                type="date"
                value={draft[field]}
                aria-invalid={error?.field === field || undefined}
                aria-describedby={error?.field === field ? 'range-error' : undefined}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
                className="w-40"
              />
            </div>
          ))}
          <Button onClick={apply}>{t('embed.range.apply')}</Button>
          {error ? (
            <p id="range-error" role="alert" className="basis-full text-sm text-destructive">
              {error.message}
            </p>
          ) : null}
        </>
      ) : (
        <p className="pb-2 text-sm text-muted-foreground" data-testid="range-label">
          {formatDateRange(locale, range)}
        </p>
      )}
    </div>
  );
}
