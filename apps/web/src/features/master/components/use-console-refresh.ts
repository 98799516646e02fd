import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { masterKeys } from '../api/console';

/**
 * After an action: its message as a toast, and every console list and detail read again (a
 * disabled user shows in their accounts' members too, a plan in the overview's mix).
 */
export function useConsoleRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    (message?: string) => {
      if (message) toast({ variant: 'success', title: message });
      void queryClient.invalidateQueries({ queryKey: masterKeys.all });
    },
    [queryClient],
  );
}
