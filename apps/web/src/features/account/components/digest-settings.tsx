import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DIGEST_CSV_MAX_ROWS, DIGEST_FREQUENCIES } from '@partner-portal/shared/digests';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldClasses } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { DigestChoices } from '../api/digest';
import { SEND_TIME, timeZoneOptions } from '../digest-draft';

/**
 * The report digest's cadence, time zone and CSV attachment (docs/product.md#report-digests), as
 * a draft the notifications screen saves with its switches.
 */
export function DigestSettings({
  value,
  onChange,
  zoneUnsaved,
}: {
  value: DigestChoices;
  onChange: (change: Partial<DigestChoices>) => void;
  /** No zone saved yet: the one shown is the browser's, stored with the next save. */
  zoneUnsaved: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const zones = useMemo(() => timeZoneOptions([value.timezone]), [value.timezone]);
  const rows = new Intl.NumberFormat(i18n.language).format(DIGEST_CSV_MAX_ROWS);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('account.digest.title')}</CardTitle>
        <CardDescription>{t('account.digest.description', { time: SEND_TIME })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {/* min-w-0: a fieldset is as wide as its content by default, too wide on a phone. */}
        <fieldset className="min-w-0">
          <legend className="mb-3 text-sm font-medium">
            {t('account.digest.frequency.label')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {DIGEST_FREQUENCIES.map((frequency) => {
              const checked = value.digest_frequency === frequency;
              const label = `${id}-${frequency}-label`;
              const hint = `${id}-${frequency}-hint`;
              return (
                <label
                  key={frequency}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2 focus-within:ring-offset-background hover:border-primary/60',
                    checked ? 'border-primary bg-primary/5' : 'border-border',
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-frequency`}
                    value={frequency}
                    checked={checked}
                    // Named by its label alone; the hint is its description, not part of its name.
                    aria-labelledby={label}
                    aria-describedby={hint}
                    onChange={() => onChange({ digest_frequency: frequency })}
                    className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
                  />
                  <span className="grid gap-0.5">
                    <span id={label} className="text-sm font-medium">
                      {t(`account.digest.frequency.${frequency}.label`)}
                    </span>
                    <span id={hint} className="text-sm text-muted-foreground">
                      {t(`account.digest.frequency.${frequency}.hint`, { time: SEND_TIME })}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <div className="grid gap-2">
          <Label htmlFor={`${id}-zone`}>{t('account.digest.zone.label')}</Label>
          {/* Native: 400-odd zones, typed to by name, and the phone's own picker. */}
          <select
            id={`${id}-zone`}
            value={value.timezone}
            onChange={(event) => onChange({ timezone: event.target.value })}
            aria-describedby={`${id}-zone-hint`}
            className={cn(fieldClasses, 'h-10 py-2 sm:max-w-sm')}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          <p id={`${id}-zone-hint`} className="text-sm text-muted-foreground">
            {zoneUnsaved
              ? t('account.digest.zone.browser_hint', { time: SEND_TIME })
              : t('account.digest.zone.hint', { time: SEND_TIME })}
          </p>
        </div>

        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-csv`}
            checked={value.digest_csv}
            onCheckedChange={(checked) => onChange({ digest_csv: checked === true })}
            className="mt-0.5"
          />
          <Label htmlFor={`${id}-csv`} className="leading-snug font-normal">
            {t('account.digest.csv', { rows })}
          </Label>
        </div>
      </CardContent>
    </Card>
  );
}
