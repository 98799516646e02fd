import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '@/components/ui/confirm-dialog-store';
import { useSteppedUp } from './step-up';
import { useConsoleRefresh } from './use-console-refresh';

/**
 * An action on the account or user shown: its answer's message shows as a toast and the console
 * reads everything again, since one change shows in several places.
 */
export function useRowAction(action: (id: string) => Promise<string | undefined>) {
  const refresh = useConsoleRefresh();
  const { mutate, isPending } = useMutation({ mutationFn: action });
  return {
    pending: isPending,
    run: (id: string) => mutate(id, { onSuccess: (message) => refresh(message) }),
  };
}

/**
 * A ★ action that cannot be undone by a click: the operator confirms it first, and the server
 * may ask for a fresh code; backing out of either does nothing. `texts` is the prefix of the
 * confirmation's i18n keys (`….title`, `….description`, `….confirm`), filled in with the
 * `params` given to `run`.
 */
export function useConfirmedRowAction(
  action: (id: string) => Promise<string | undefined>,
  texts: string,
) {
  const { t } = useTranslation();
  const refresh = useConsoleRefresh();
  const { mutate, isPending } = useSteppedUp(action);
  const confirmThenRun = async (id: string, params: Record<string, string>) => {
    const confirmed = await openConfirmDialog({
      title: t(`${texts}.title`, params),
      description: t(`${texts}.description`, params),
      buttonText: t(`${texts}.confirm`),
      destructive: true,
    });
    if (!confirmed) return;
    mutate(id, {
      onSuccess: (result) => {
        if (result.done) refresh(result.data);
      },
    });
  };
  return {
    pending: isPending,
    run: (id: string, params: Record<string, string>) => void confirmThenRun(id, params),
  };
}
