import { handleApiError } from '@/lib/error-handler';
import { openConfirmDialog } from './confirm-dialog-store';
import { setLoading } from './loading-store';

/** Runs a confirmed call under the loading overlay; failures go to the central handler. */
export async function confirmThen(
  confirm: Parameters<typeof openConfirmDialog>[0],
  call: () => Promise<void>,
): Promise<void> {
  if (!(await openConfirmDialog(confirm))) return;
  setLoading(true);
  try {
    await call();
  } catch (error) {
    handleApiError(error);
  } finally {
    setLoading(false);
  }
}
