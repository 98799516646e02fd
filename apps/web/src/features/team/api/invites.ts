import {
  InviteListResponseSchema,
  type InviteFormInput,
  type TeamInvite,
} from '@partner-portal/shared/team';
import { api } from '@/lib/api-client';

/**
 * POST /api/invite: the e-mail text goes as typed (the server splits it with the same
 * parseInviteEmails as the form); answers the invites it created or re-sent.
 */
export async function sendInvites(input: InviteFormInput): Promise<TeamInvite[]> {
  return (await api.post('/api/invite', input, { schema: InviteListResponseSchema })).data;
}

/**
 * docs/product.md#api-calls resend: the same call with the invite's e-mail and permission. An advertiser invite
 * also carries its advertiser fields, which the shared schema requires with that permission.
 */
export async function resendInvite(
  invite: Pick<
    TeamInvite,
    'email' | 'permission' | 'advertiser_name' | 'enable_plus' | 'plus_dashboards'
  >,
): Promise<TeamInvite[]> {
  const body =
    invite.permission === 'advertiser'
      ? {
          email: invite.email,
          permission: invite.permission,
          advertiser_name: invite.advertiser_name,
          enable_plus: invite.enable_plus,
          plus_dashboards: invite.plus_dashboards,
        }
      : { email: invite.email, permission: invite.permission };
  return (await api.post('/api/invite', body, { schema: InviteListResponseSchema })).data;
}

/** DELETE /api/invite/{id}: the invite's link stops working. */
export async function revokeInvite(id: string): Promise<void> {
  await api.delete(`/api/invite/${encodeURIComponent(id)}`);
}
