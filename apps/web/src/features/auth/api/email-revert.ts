import {
  EmailRevertResponseSchema,
  type EmailRevertResponse,
} from '@partner-portal/shared/identity';
import { api } from '@/lib/api-client';

/** POST /api/user/email/revert { token }: the old address takes the account back. */
export async function revertEmailChange(
  token: string,
): Promise<{ data: EmailRevertResponse; message?: string }> {
  return api.post('/api/user/email/revert', { token }, { schema: EmailRevertResponseSchema });
}
