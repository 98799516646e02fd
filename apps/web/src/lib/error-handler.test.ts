import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from './api-client';
import { handleApiError } from './error-handler';
import { navigateTo } from './navigation';
import type * as sessionStore from './session-store';
import { clearSession } from './session-store';

vi.mock('@/components/ui/toast-store', () => ({ toast: vi.fn() }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn() }));
vi.mock('./session-store', async (importOriginal) => ({
  ...(await importOriginal<typeof sessionStore>()),
  clearSession: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.mocked(navigateTo).mockClear();
  vi.mocked(clearSession).mockClear();
});

describe('central error handler (docs/product.md#errors)', () => {
  it('signs out and goes to /signin on 401', () => {
    handleApiError(new ApiError(401, 'Please sign in'));
    expect(clearSession).toHaveBeenCalled();
    expect(navigateTo).toHaveBeenCalledWith('/signin', { replace: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('tells the sign-in page why when an administrator changed the member’s access', () => {
    handleApiError(new ApiError(401, 'Access changed', { code: 'access_changed' }));
    expect(clearSession).toHaveBeenCalled();
    expect(navigateTo).toHaveBeenCalledWith('/signin?reason=access_changed', { replace: true });
  });

  it('goes to /notfound on 404 and to the upgrade screen with the plan on 402', () => {
    handleApiError(new ApiError(404, 'Not found'));
    expect(navigateTo).toHaveBeenCalledWith('/notfound', { replace: true });
    handleApiError(new ApiError(402, 'Upgrade', { plan: 'free_plus' }));
    expect(navigateTo).toHaveBeenLastCalledWith('/account/upgrade?plan=free_plus');
  });

  it('sends a member the 2FA policy keeps out to set 2FA up, saying why', () => {
    handleApiError(
      new ApiError(403, 'Acme requires two-factor authentication. Set it up to continue.', {
        code: '2fa_required',
      }),
    );
    expect(navigateTo).toHaveBeenCalledWith('/account/2fa', { replace: true });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        variant: 'error',
        description: 'Acme requires two-factor authentication. Set it up to continue.',
      }),
    );
    // Any other 403 stays a toast where it happened.
    vi.mocked(navigateTo).mockClear();
    handleApiError(new ApiError(403, 'You do not have permission.'));
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('shows 429 as an error toast with the answer as description', () => {
    handleApiError(new ApiError(429, 'Too many requests. Please try again in 30 seconds.'));
    expect(toast).toHaveBeenCalledWith({
      variant: 'error',
      title: 'Too many requests',
      description: 'Too many requests. Please try again in 30 seconds.',
    });
  });

  it('shows any other status as an error toast with the global title and the message', () => {
    handleApiError(new ApiError(409, 'That email is taken'));
    expect(toast).toHaveBeenCalledWith({
      variant: 'error',
      title: 'Something went wrong',
      description: 'That email is taken',
    });
  });

  it('logs and toasts a failure without a response', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    handleApiError(new TypeError('Failed to fetch'));
    expect(warn).toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: 'error' }));
  });
});
