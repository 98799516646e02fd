import type { CloseInput } from '@partner-portal/shared/team';
import { api } from '@/lib/api-client';

/**
 * docs/product.md#roles-and-permissions: the owner closes the whole account (DELETE /api/account); anyone else closes only
 * their own user (DELETE /api/user). Either way the body confirms it (`CloseInputSchema`), the
 * server ends every session of the user, and answers the message to show.
 */
export async function closeMembership(
  isOwner: boolean,
  input: CloseInput,
): Promise<string | undefined> {
  // Only the message is read (the data is null), so there is no data to check.
  const { message } = await api.delete(isOwner ? '/api/account' : '/api/user', input);
  return message;
}
