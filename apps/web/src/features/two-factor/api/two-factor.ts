import { useMutation } from '@tanstack/react-query';
import {
  TwoFactorSetupResponseSchema,
  type TwoFactorSetupResponse,
} from '@partner-portal/shared/identity';
import { api } from '@/lib/api-client';

/** PUT /api/user/2fa { 2fa_enabled: true }: starts the set-up; answers the QR code and secret. */
export async function startTwoFactorSetup(): Promise<TwoFactorSetupResponse> {
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
