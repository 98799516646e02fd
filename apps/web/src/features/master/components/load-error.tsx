import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { masterKeys } from '../api/console';

/**
 * A load that failed (the central handler has already said why, in a toast), with a retry. A
 * refusal may mean the console closed meanwhile (the operator turned 2FA off in another tab):
 * the gate then asks for the session again, and shows the 2FA screen if that is the reason.
 */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refused = error instanceof ApiError && error.status === 403;
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: masterKeys.session });
  }, [refused, queryClient]);
  return (
    <Banner
      variant="error"
      title={title}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('master.retry')}
        </Button>
      }
    />
  );
}
