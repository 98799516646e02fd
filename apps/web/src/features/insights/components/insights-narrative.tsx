import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { InsightsResponse } from '@partner-portal/shared/insights';
import { Switch } from '@/components/ui/switch';
import { useNarrativeSetting } from '../api/use-insights';

/**
 * The AI summary above the cards, labelled as checked against them, and for the owner (when this
 * server has a model) the switch that allows it, saying what leaves the server when it is on.
 */
export function InsightsNarrative({
  response,
  workbookId,
}: {
  response: InsightsResponse;
  workbookId: string;
}) {
  const { t } = useTranslation();
  const switchId = useId();
  const hintId = useId();
  const setting = useNarrativeSetting(workbookId);
  return (
    <>
      {response.narrative ? (
        <div className="grid gap-1 rounded-lg border border-primary/30 bg-primary/5 p-3">
          <p className="text-xs font-medium text-muted-foreground">
            {t('insights.narrative.label')}
          </p>
          <p className="text-sm leading-snug">{response.narrative}</p>
        </div>
      ) : null}
      {response.can_configure && response.narrative_available ? (
        <div className="flex items-start gap-3">
          <Switch
            id={switchId}
            aria-describedby={hintId}
            checked={setting.isPending ? setting.variables : response.narrative_enabled}
            disabled={setting.isPending}
            onCheckedChange={(narrative) => setting.mutate(narrative)}
          />
          <div className="grid gap-0.5">
            <label htmlFor={switchId} className="text-sm font-medium">
              {t('insights.narrative.switch')}
            </label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t('insights.narrative.hint')}
            </p>
          </div>
        </div>
      ) : null}
    </>
  );
}
