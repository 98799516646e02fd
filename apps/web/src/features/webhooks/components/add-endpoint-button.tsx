import type { Ref } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The Add button: refused, with the reason beside it, once the account has its most endpoints. */
export function AddEndpointButton({
  used,
  max,
  onClick,
  ref,
}: {
  used: number;
  max: number;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const full = used >= max;
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <p id="webhooks-limit" className="text-sm text-muted-foreground">
        {full ? t('webhooks.limit_reached', { max }) : t('webhooks.used', { used, max })}
      </p>
      <Button
        ref={ref}
        onClick={onClick}
        disabled={full}
        aria-describedby={full ? 'webhooks-limit' : undefined}
      >
        <Plus aria-hidden />
        {t('webhooks.add')}
      </Button>
    </div>
  );
}
