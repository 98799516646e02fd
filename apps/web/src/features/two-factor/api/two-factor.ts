import { useMutation } from '@tanstack/react-query';
import {
  BackupCodeResponseSchema,
  TwoFactorSetupResponseSchema,
  type TwoFactorSetupResponse,
} from '@partner-portal/shared/identity';
import { api, type RequestBody } from '@/lib/api-client';

/** PUT /api/user/2fa { 2fa_enabled: true }: starts the set-up; answers the QR code and secret. */
async function startTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
  return (
    await api.put(
      '/api/user/2fa',
      { '2fa_enabled': true },
      { schema: TwoFactorSetupResponseSchema },
    )
  ).data;
}

/** Turning the switch on; a failure goes to the central handler (mutation cache). */
export function useStartTwoFactorSetup() {
  return useMutation({ mutationFn: startTwoFactorSetup });
}

/** POST /api/user/2fa/verify { code }: the first code from the app; answers the backup code. */
export const confirmTwoFactorSetup = (body: RequestBody) =>
  api.post('/api/user/2fa/verify', body, { schema: BackupCodeResponseSchema });

/** PUT /api/user/2fa { 2fa_enabled: false, code }: turns 2FA off with a code or the backup code. */
export const disableTwoFactor = (body: RequestBody) => api.put('/api/user/2fa', body);
