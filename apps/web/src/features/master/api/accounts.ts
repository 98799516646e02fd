import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ConsoleAccountDetailSchema,
  ConsoleAccountListSchema,
  type ConsoleAccountDetail,
  type ConsoleAccountList,
} from '@partner-portal/shared/master';
import type { PlanId } from '@partner-portal/shared/plans';
import { api } from '@/lib/api-client';
import { listSearch, masterKeys, masterUrl, messageOf } from './console';

/** GET /api/master/accounts?q=&page=: one page of every account, searched by name, owner or id. */
async function fetchAccounts(
  q: string,
  page: number,
  signal?: AbortSignal,
): Promise<ConsoleAccountList> {
  return (
    await api.get(`${masterUrl('accounts')}${listSearch({ q }, page)}`, {
      schema: ConsoleAccountListSchema,
      signal,
    })
  ).data;
}

/** GET /api/master/accounts/{id}: an account with its team, billing and latest events. */
async function fetchAccount(id: string, signal?: AbortSignal): Promise<ConsoleAccountDetail> {
  return (await api.get(masterUrl('accounts', id), { schema: ConsoleAccountDetailSchema, signal }))
    .data;
}

/** The page shown stays while the next one loads, so paging and typing do not blank the table. */
export function useConsoleAccounts(q: string, page: number) {
  return useQuery({
    queryKey: [...masterKeys.accounts, 'list', q, page] as const,
    queryFn: ({ signal }) => fetchAccounts(q, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useConsoleAccount(id: string) {
  return useQuery({
    queryKey: [...masterKeys.accounts, 'detail', id] as const,
    queryFn: ({ signal }) => fetchAccount(id, signal),
  });
}

const accountAction = (id: string, action: string) => `${masterUrl('accounts', id)}/${action}`;

/** ★ POST …/plan {plan}: the owner's plan rules, through the payment provider. */
export const changeAccountPlan = ({ id, plan }: { id: string; plan: PlanId }) =>
  messageOf(api.post(accountAction(id, 'plan'), { plan }));

/** ★ POST …/cancel: ends the subscription now. */
export const cancelAccountSubscription = (id: string) =>
  messageOf(api.post(accountAction(id, 'cancel')));

/** ★ POST …/disable: nobody signs in to the account until it is enabled again. */
export const disableAccount = (id: string) => messageOf(api.post(accountAction(id, 'disable')));

/** POST …/enable. */
export const enableAccount = (id: string) => messageOf(api.post(accountAction(id, 'enable')));
