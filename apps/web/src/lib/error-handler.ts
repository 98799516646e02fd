import { toast } from '@/components/ui/toast-store';
import { ApiError } from './api-client';
import { i18n } from './i18n';
import { navigateTo } from './navigation';
import { clearSession } from './session-store';

/**
 * docs/product.md#errors central handling: 401 signs out to /signin, 404 goes to /notfound, 402 to the upgrade
 * screen with the plan, a 403 `2fa_required` to setting 2FA up (docs/product.md#two-factor-policy),
 * 429 and any other status become an error toast, and no answer at all is logged and toasted.
 */
export function handleApiError(error: unknown): void {
  const title = i18n.t('global.error.title');
  if (!(error instanceof ApiError) || error.status === 0) {
    console.warn('Request failed without a response', error);
    toast({ variant: 'error', title, description: i18n.t('global.error.network') });
    return;
  }
  if (error.code === '2fa_required') {
    toast({ variant: 'error', title, description: error.message });
    navigateTo('/account/2fa', { replace: true });
    return;
  }
  switch (error.status) {
    case 401:
      clearSession();
      // An administrator changed the member's access: the sign-in page says why.
      navigateTo(error.code === 'access_changed' ? '/signin?reason=access_changed' : '/signin', {
        replace: true,
      });
      return;
    case 404:
      navigateTo('/notfound', { replace: true });
      return;
    case 402:
      navigateTo(`/account/upgrade${error.plan ? `?plan=${encodeURIComponent(error.plan)}` : ''}`);
      return;
    case 429:
      toast({
        variant: 'error',
        title: i18n.t('global.error.rate_limited'),
        description: error.message,
      });
      return;
    default:
      toast({
        variant: 'error',
        title,
        description: error.message || i18n.t('global.error.generic'),
      });
  }
}
