import type { Ref } from 'react';
import { Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** No endpoints yet: what one is for, and the button to add the first. */
export function WebhooksEmptyState({
  onCreate,
  ref,
}: {
  onCreate: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="webhooks-empty-title"
      className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border px-4 py-10 text-center"
    >
      <Webhook aria-hidden className="size-8 text-muted-foreground" />
      <h2 id="webhooks-empty-title" className="text-base font-semibold">
        {t('webhooks.empty.title')}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">{t('webhooks.empty.body')}</p>
      <Button ref={ref} onClick={onCreate}>
        {t('webhooks.empty.create')}
      </Button>
    </section>
  );
}
