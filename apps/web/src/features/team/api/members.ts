import {
  RemoveUserResponseSchema,
  TeamUserSchema,
  type MemberUpdateInput,
  type TeamUser,
} from '@partner-portal/shared/team';
import { api } from '@/lib/api-client';

/** PATCH /api/user with `id` (docs/product.md#api-calls): a member's permission and advertiser fields. */
export async function updateMember(input: MemberUpdateInput): Promise<TeamUser> {
  return (await api.patch('/api/user', input, { schema: TeamUserSchema })).data;
}

/** DELETE /api/user/{id}: `signout` is true when the caller removed themself (docs/product.md#states-and-transitions). */
export async function removeMember(id: string): Promise<{ signout: boolean }> {
  return (
    await api.delete(`/api/user/${encodeURIComponent(id)}`, undefined, {
      schema: RemoveUserResponseSchema,
    })
  ).data;
}
