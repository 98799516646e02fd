import type { ProfileUpdateInput } from '@partner-portal/shared/identity';
import type { CurrentUser } from '@partner-portal/shared/user';
import { api } from './api-client';
import { updateSession } from './session-store';

// The signed-in user's own record belongs to the session store (lib), and the profile and help
// features and the app's menus all save to it, so its one endpoint lives here too.

/** PATCH /api/user on oneself (docs/product.md#api-calls): answers the updated current user. */
export async function patchProfile(input: ProfileUpdateInput): Promise<CurrentUser> {
  // Loaded on use: the language and theme switches of the signed-out pages import this file.
  const { CurrentUserSchema } = await import('@partner-portal/shared/user');
  return (await api.patch('/api/user', input, { schema: CurrentUserSchema })).data;
}

/** Saves profile fields and merges the server's answer into the stored user. */
export async function updateProfile(input: ProfileUpdateInput): Promise<CurrentUser> {
  const user = await patchProfile(input);
  updateSession(user);
  return user;
}

/**
 * POST /api/user/verify/request: mails a confirmation link to the address waiting to be proved
 * (a new sign-up's, or a changed e-mail's); answers the message to show, if any.
 */
export async function requestVerificationEmail(): Promise<string | undefined> {
  return (await api.post('/api/user/verify/request')).message;
}
