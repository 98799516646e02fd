import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { curlCommand, TRY_IT_SCOPE } from './curl-command';

/**
 * No keys yet: what a key is for and the first call to make with one, which works as pasted
 * once the placeholder is replaced by a key holding TRY_IT_SCOPE.
 */
export function ApiKeysEmptyState({ onCreate }: { onCreate: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-prose justify-items-start gap-3 text-left whitespace-normal">
      <p className="font-medium text-foreground">{t('apikeys.empty.title')}</p>
      <p>{t('apikeys.empty.body')}</p>
      <pre className="w-full rounded-md border border-border bg-muted p-3 font-mono text-xs whitespace-pre-wrap text-foreground [overflow-wrap:anywhere]">
        <code>{curlCommand('pp_…')}</code>
      </pre>
      <p className="text-xs">{t('apikeys.empty.placeholder', { scope: TRY_IT_SCOPE })}</p>
      <Button variant="link" className="h-auto px-0" onClick={onCreate}>
        {t('apikeys.empty.create')}
      </Button>
    </div>
  );
}
