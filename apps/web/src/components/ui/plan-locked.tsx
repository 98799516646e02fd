import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * What a member sees of a feature their plan does not include: what it does, and the way to it.
 * Only an admin or the owner may open the upgrade screen; anyone else is told whom to ask. The
 * texts are `<texts>.title`, `.body`, `.upgrade` and `.ask_owner`.
 */
export function PlanLocked({
  texts,
  upgradePath,
  canUpgrade,
}: {
  /** The translation prefix of the four texts, e.g. `webhooks.locked`. */
  texts: string;
  upgradePath: string;
  canUpgrade: boolean;
}) {
  const { t } = useTranslation();
  const titleId = `${texts.replace(/\W/g, '-')}-title`;
  return (
    <section
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-dashed border-border p-4"
    >
      <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
        <Lock aria-hidden className="size-4 text-muted-foreground" />
        {t(`${texts}.title`)}
      </h2>
      <p className="text-sm text-muted-foreground">{t(`${texts}.body`)}</p>
      {canUpgrade ? (
        <Button asChild size="sm" className="justify-self-start">
          <Link to={upgradePath}>{t(`${texts}.upgrade`)}</Link>
        </Button>
      ) : (
        <p className="text-sm font-medium">{t(`${texts}.ask_owner`)}</p>
      )}
    </section>
  );
}
