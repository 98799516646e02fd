import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Circle, X } from 'lucide-react';
import type { ChecklistStep } from '@partner-portal/shared/welcome';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { handleApiError } from '@/lib/error-handler';
import { useDismissWelcomeChecklist, useWelcomeChecklist } from '../api/use-welcome-checklist';

/**
 * docs/product.md#screens-and-routes "Welcome": a new partner's next steps. Each ticks itself
 * from what the account holds (the server decides), the list goes once every step is done, and
 * the user can hide it for good. Nothing is drawn until the answer is in: an empty or finished
 * list would otherwise flash a card that then leaves.
 */
export function WelcomeChecklist({ links }: { links: Record<ChecklistStep, string> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const checklist = useWelcomeChecklist();
  const dismiss = useDismissWelcomeChecklist();
  const data = checklist.data;
  if (!data || data.dismissed) return null;
  const done = data.steps.filter((step) => step.done).length;
  if (data.steps.length === 0 || done === data.steps.length) return null;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="grid gap-1">
            <CardTitle id={headingId}>{t('checklist.title')}</CardTitle>
            <CardDescription>
              {t('checklist.progress', { done, total: data.steps.length })}
            </CardDescription>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-2 -mr-2 shrink-0"
            aria-label={t('checklist.dismiss')}
            title={t('checklist.dismiss')}
            onClick={() => dismiss.mutate(undefined, { onError: handleApiError })}
          >
            <X aria-hidden />
          </Button>
        </div>
        <ProgressBar
          state="loading"
          value={(done / data.steps.length) * 100}
          label={t('checklist.progress', { done, total: data.steps.length })}
        />
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {data.steps.map(({ step, done: finished }) => (
            <li key={step} className="flex flex-wrap items-start gap-3 sm:flex-nowrap">
              {finished ? (
                <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
              ) : (
                <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
              )}
              <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                <p className={finished ? 'font-medium text-muted-foreground' : 'font-medium'}>
                  {t(`checklist.steps.${step}.title`)}
                  {finished ? <span className="sr-only"> {t('checklist.done')}</span> : null}
                </p>
                {finished ? null : (
                  <p className="text-sm text-muted-foreground">
                    {t(`checklist.steps.${step}.body`)}
                  </p>
                )}
              </div>
              {finished ? null : (
                <Button asChild variant="outline" size="sm" className="ml-8 sm:ml-0">
                  <Link to={links[step]}>{t(`checklist.steps.${step}.action`)}</Link>
                </Button>
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
