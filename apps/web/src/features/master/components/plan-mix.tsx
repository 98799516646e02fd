import { useTranslation } from 'react-i18next';
import type { Overview } from '@partner-portal/shared/master';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { planName, useFormats } from './format';

/** How many accounts are on each plan, as bars of their share of the whole. */
export function PlanMix({ mix }: { mix: Overview['plan_mix'] }) {
  const { t } = useTranslation();
  const format = useFormats();
  const total = mix.reduce((sum, entry) => sum + entry.accounts, 0);
  const sorted = [...mix].sort((a, b) => b.accounts - a.accounts);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('master.overview.plan_mix')}</CardTitle>
        <CardDescription>
          {t('master.overview.plan_mix_total', { count: total, total: format.count(total) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <p className="text-sm text-muted-foreground">{t('master.overview.plan_mix_empty')}</p>
        ) : (
          <ul role="list" className="grid gap-3" aria-label={t('master.overview.plan_mix')}>
            {sorted.map((entry) => {
              const share = entry.accounts / total;
              return (
                <li key={entry.plan} className="grid gap-1 text-sm" data-plan={entry.plan}>
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-medium">{planName(entry.plan)}</span>
                    <span className="text-muted-foreground tabular-nums">
                      {t('master.overview.plan_accounts', {
                        count: entry.accounts,
                        accounts: format.count(entry.accounts),
                        share: format.rate(share),
                      })}
                    </span>
                  </div>
                  <div aria-hidden className="h-2 overflow-hidden rounded-full bg-muted">
                    <div
                      className="h-full rounded-full bg-primary"
                      style={{ width: `${share * 100}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
