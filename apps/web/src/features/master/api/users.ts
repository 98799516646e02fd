import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ConsoleUserDetailSchema,
  ConsoleUserListSchema,
  ImpersonateResponseSchema,
  type ConsoleUserDetail,
  type ConsoleUserList,
} from '@partner-portal/shared/master';
import { api } from '@/lib/api-client';
import { listSearch, masterKeys, masterUrl, messageOf } from './console';

/** GET /api/master/users?q=&page=: one page of every user, searched by e-mail. */
async function fetchUsers(q: string, page: number, signal?: AbortSignal): Promise<ConsoleUserList> {
  return (
    await api.get(`${masterUrl('users')}${listSearch({ q }, page)}`, {
      schema: ConsoleUserListSchema,
      signal,
    })
  ).data;
}

/** GET /api/master/users/{id}: a user, their accounts and their live sessions. */
async function fetchUser(id: string, signal?: AbortSignal): Promise<ConsoleUserDetail> {
  return (await api.get(masterUrl('users', id), { schema: ConsoleUserDetailSchema, signal })).data;
}

export function useConsoleUsers(q: string, page: number) {
  return useQuery({
    queryKey: [...masterKeys.users, 'list', q, page] as const,
    queryFn: ({ signal }) => fetchUsers(q, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleUser(id: string) {
  return useQuery({
    queryKey: [...masterKeys.users, 'detail', id] as const,
    queryFn: ({ signal }) => fetchUser(id, signal),
  });
}

const userAction = (id: string, action: string) => `${masterUrl('users', id)}/${action}`;

/** POST …/verification: the verification mail again. */
export const resendVerification = (id: string) =>
  messageOf(api.post(userAction(id, 'verification')));

/** ★ POST …/disable: signs the user out everywhere and keeps them out. */
export const disableUser = (id: string) => messageOf(api.post(userAction(id, 'disable')));

/** POST …/enable. */
export const enableUser = (id: string) => messageOf(api.post(userAction(id, 'enable')));

/** ★ POST …/reset-2fa: turns the user's 2FA off; they are mailed. */
export const resetTwoFactor = (id: string) => messageOf(api.post(userAction(id, 'reset-2fa')));

/** DELETE …/sessions/{sessionId}: signs that one session out. */
export const revokeSession = ({ userId, sessionId }: { userId: string; sessionId: string }) =>
  messageOf(api.delete(`${userAction(userId, 'sessions')}/${encodeURIComponent(sessionId)}`));

/** ★ POST …/impersonate {reason}: a one-time sign-in link into the user's support session. */
export async function impersonateUser({ id, reason }: { id: string; reason: string }) {
  return (
    await api.post(userAction(id, 'impersonate'), { reason }, { schema: ImpersonateResponseSchema })
  ).data.url;
}
