import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccountUsersResponseSchema,
  type AccountUsersResponse,
  type TeamInvite,
  type TeamUser,
} from '@partner-portal/shared/team';
import { api } from '@/lib/api-client';

/** GET /api/account/users: the account's members and its open invites. */
async function fetchTeam(): Promise<AccountUsersResponse> {
  return (await api.get('/api/account/users', { schema: AccountUsersResponseSchema })).data;
}

const teamQueryOptions = () => ({
  queryKey: ['account', 'users'] as const,
  queryFn: fetchTeam,
});

/** A failed load goes to the central handler (query cache) and the list stays empty (docs/product.md#errors). */
export function useTeam() {
  return useQuery(teamQueryOptions());
}

/** One table row: a member or an open invite, with an id that cannot collide between the two. */
export type TeamRow =
  | { kind: 'user'; rowId: string; item: TeamUser }
  | { kind: 'invite'; rowId: string; item: TeamInvite };

/** Open invites first (they usually need a follow-up), then members, each in the server's order. */
export function toTeamRows(team: AccountUsersResponse | undefined): TeamRow[] {
  if (!team) return [];
  return [
    ...team.invites.map((item) => ({ kind: 'invite' as const, rowId: `invite:${item.id}`, item })),
    ...team.users.map((item) => ({ kind: 'user' as const, rowId: `user:${item.id}`, item })),
  ];
}

/**
 * docs/product.md#states-and-transitions "Lists": an invite adds rows as invited, edit merges the saved fields into the row,
 * delete removes it. Applied to the cached list, so every view of it agrees without a refetch.
 */
export function useTeamCache() {
  const queryClient = useQueryClient();
  const update = (change: (team: AccountUsersResponse) => AccountUsersResponse) =>
    queryClient.setQueryData<AccountUsersResponse>(teamQueryOptions().queryKey, (team) =>
      change(team ?? { users: [], invites: [] }),
    );
  return {
    /** Created invites go first; a re-sent one replaces its row. */
    addInvites: (invites: TeamInvite[]) =>
      update((team) => {
        const ids = new Set(invites.map((invite) => invite.id));
        return { ...team, invites: [...invites, ...team.invites.filter((i) => !ids.has(i.id))] };
      }),
    mergeUser: (user: TeamUser) =>
      update((team) => ({
        ...team,
        users: team.users.map((row) => (row.id === user.id ? { ...row, ...user } : row)),
      })),
    removeUser: (id: string) =>
      update((team) => ({ ...team, users: team.users.filter((row) => row.id !== id) })),
    removeInvite: (id: string) =>
      update((team) => ({ ...team, invites: team.invites.filter((row) => row.id !== id) })),
  };
}
