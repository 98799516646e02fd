import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyScope } from '@partner-portal/shared/api-key-rules';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useGrantableScopes } from '../api/api-keys';

/**
 * Draws a key form once the scopes the user may grant are in (its checkboxes are made from
 * them, and a form takes its fields once); until then a spinner, after a failure a retry.
 */
export function ScopesPending({
  children,
}: {
  children: (scopes: readonly ApiKeyScope[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const scopes = useGrantableScopes();
  if (scopes.data) return children(scopes.data);
  if (scopes.isError)
    return (
      <Banner
        variant="error"
        title={t('apikeys.scopes_failed')}
        action={
          <Button variant="outline" size="sm" onClick={() => void scopes.refetch()}>
            {t('apikeys.retry')}
          </Button>
        }
      />
    );
  return (
    <div className="flex justify-center py-6">
      <Spinner label={t('apikeys.scopes_loading')} />
    </div>
  );
}
