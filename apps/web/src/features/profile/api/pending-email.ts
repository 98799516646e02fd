import { api } from '@/lib/api-client';

/** POST /api/user/verify/request: mails the confirmation link to the pending address again. */
export async function resendEmailConfirmation(): Promise<string | undefined> {
  return (await api.post('/api/user/verify/request')).message;
}
