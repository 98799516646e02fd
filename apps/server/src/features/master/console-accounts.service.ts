import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { findPlan, type PlanId } from '@partner-portal/shared/plans';
import type {
  ConsoleAccount,
  ConsoleAccountDetail,
  ConsoleAccountList,
  ConsoleListQuery,
} from '@partner-portal/shared/master';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import type { Db } from '../../db/client';
import { accounts, accountUsers, events, invites, sessions, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { isRowId } from '../../lib/row-id';
import { revokeSessions } from '../../lib/session-token';
import { listAudit } from '../audit/audit-list.service';
import { customerIdOf } from '../billing/billing-customer';
import { endSubscriptionNow } from '../billing/billing-seats';
import { changePlan } from '../billing/plan-change.service';
import { findOpenSubscription } from '../billing/subscription-record';
import { rowsOf } from '../../db/raw-rows';
import { monthlyCents } from './console-sql';
import { toConsoleEvent } from './console-events.service';

const DETAIL_ROWS = 20;

interface AccountRow {
  id: string;
  name: string;
  plan: string | null;
  subscription_status: string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
  disabled_at: Date | string | null;
  owner_email: string | null;
  seats: number;
  mrr: number;
  last_active: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toConsoleAccount(row: AccountRow): ConsoleAccount {
  return {
    id: row.id,
    name: row.name,
    owner_email: row.owner_email,
    plan: findPlan(row.plan ?? '')?.id ?? null,
    subscription: row.subscription_status,
    seats: row.seats,
    mrr: row.mrr,
    created: iso(row.created_at),
    last_active: row.last_active ? iso(row.last_active) : null,
    closed: row.closed_at !== null,
    disabled: row.disabled_at !== null,
  };
}

/** Each account with its owner, member count, paying amount and last use, in one statement. */
const accountRows = (where: SQL, limit: number, offset: number) => sql`
  select a.id, a.name, a.plan, a.subscription_status, a.created_at, a.closed_at, a.disabled_at,
    (select u.email from account_users m join users u on u.id = m.user_id
      where m.account_id = a.id and m.permission = 'owner' order by m.created_at limit 1) as owner_email,
    (select count(*)::int from account_users m where m.account_id = a.id) as seats,
    coalesce((select ${monthlyCents} from subscriptions s where s.account_id = a.id
      and s.status in ('active', 'trialing', 'past_due')), 0)::int as mrr,
    (select max(x.last_seen_at) from sessions x
      where x.account_id = a.id and x.impersonator_id is null) as last_active
  from accounts a where ${where}
  order by a.created_at desc, a.id limit ${limit} offset ${offset}`;

/** A name (any part, any case), an owner's e-mail (likewise) or an id. */
function matching(q: string | undefined): SQL {
  if (!q) return sql`true`;
  if (isRowId(q)) return sql`a.id = ${q}::uuid`;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // `in (…)` rather than a correlated `exists`: PostgreSQL reads the owners' e-mails once into a
  // hash instead of probing them once per account (bench: npm run bench:console).
  return sql`(a.name ilike ${like} or a.id in (select m.account_id from account_users m
    join users u on u.id = m.user_id where m.permission = 'owner' and u.email ilike ${like}))`;
}

/** GET /api/master/accounts: newest first, a page at a time. */
export async function listConsoleAccounts(
  db: Db,
  query: ConsoleListQuery,
): Promise<ConsoleAccountList> {
  const where = matching(query.q);
  const offset = (query.page - 1) * query.page_size;
  const [rows, [total]] = await Promise.all([
    rowsOf<AccountRow>(db, accountRows(where, query.page_size, offset)),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from accounts a where ${where}`),
  ]);
  return {
    rows: rows.map(toConsoleAccount),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

async function requireAccount(db: Db, id: string): Promise<ConsoleAccount> {
  const [row] = isRowId(id)
    ? await rowsOf<AccountRow>(db, accountRows(sql`a.id = ${id}::uuid`, 1, 0))
    : [];
  if (!row) throw new AppError('not_found', 'error.account_not_found');
  return toConsoleAccount(row);
}

/** GET /api/master/accounts/{id}: the account and what an operator asks about it. */
export async function getConsoleAccount(
  ctx: AppContext,
  by: Caller,
  id: string,
): Promise<ConsoleAccountDetail> {
  const account = await requireAccount(ctx.db, id);
  const members = await ctx.db
    .select({ user: users, permission: accountUsers.permission })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(eq(accountUsers.accountId, id))
    .orderBy(accountUsers.createdAt);
  const open = await ctx.db
    .select()
    .from(invites)
    .where(and(eq(invites.accountId, id), isNull(invites.acceptedAt)))
    .orderBy(desc(invites.createdAt));
  const subscription = await findOpenSubscription(ctx.db, id);
  const customerId = await customerIdOf(ctx, id);
  const invoices = customerId
    ? (await ctx.billing.listInvoices(customerId, { limit: DETAIL_ROWS })).invoices
    : [];
  const recent = await ctx.db
    .select({ event: events, email: users.email })
    .from(events)
    .leftJoin(users, eq(users.id, events.userId))
    .where(eq(events.accountId, id))
    .orderBy(desc(events.createdAt))
    .limit(DETAIL_ROWS);
  const audit = await listAudit(ctx.db, by.actor, {
    page: 1,
    page_size: DETAIL_ROWS,
    account: id,
  });
  return {
    account,
    members: members.map(({ user, permission }) => ({
      id: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      permission: user.isMaster ? 'master' : PermissionSchema.parse(permission),
      last_login: user.lastLoginAt?.toISOString() ?? null,
    })),
    invites: open.map((invite) => ({
      id: invite.id,
      email: invite.email,
      permission: invite.permission,
      date_sent: invite.createdAt.toISOString(),
    })),
    subscription: subscription
      ? {
          plan: findPlan(subscription.plan)?.id ?? 'free_core',
          status: subscription.status,
          seats: subscription.seats,
          current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
          scheduled_plan: findPlan(subscription.scheduledPlan ?? '')?.id ?? null,
          provider: subscription.provider,
        }
      : null,
    invoices: invoices.map(({ id: invoiceId, number, date, status, total, currency }) => ({
      id: invoiceId,
      number,
      date,
      status,
      total,
      currency,
    })),
    events: recent.map(({ event, email }) => toConsoleEvent(event, email, account)),
    audit: audit.rows,
  };
}

/**
 * POST /api/master/accounts/{id}/plan: the owner's own rules (billing/plan-change.service.ts),
 * through the payment provider: up now, down at the period end. A paid plan needs the owner's
 * card, so an account without a subscription can only be given the free plan here.
 */
export async function changeConsolePlan(
  ctx: AppContext,
  by: Caller,
  id: string,
  plan: PlanId,
): Promise<{ account: string; plan: PlanId; scheduled: boolean }> {
  const account = await requireAccount(ctx.db, id);
  try {
    const answer = await changePlan(ctx, by, { plan }, account.id);
    if ('requires_payment_action' in answer)
      throw new AppError('conflict', 'error.console_needs_card');
    return { account: account.name, plan, scheduled: answer.scheduled_plan !== null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'payment_required') {
      throw new AppError('conflict', 'error.console_needs_card');
    }
    throw error;
  }
}

/** POST /api/master/accounts/{id}/cancel: the subscription ends now; the owner is told. */
export async function cancelConsoleSubscription(
  ctx: AppContext,
  by: Caller,
  id: string,
): Promise<{ account: string }> {
  const account = await requireAccount(ctx.db, id);
  const ended = await endSubscriptionNow(ctx, account.id, by);
  if (!ended) throw new AppError('conflict', 'error.console_no_subscription');
  return { account: account.name };
}

/**
 * POST /api/master/accounts/{id}/disable and /enable: a disabled account's sessions end and
 * nobody signs in to it (the guard and every way in refuse it) until it is enabled; unlike
 * closing, nothing is deleted and billing is left as it is.
 */
export async function setAccountDisabled(
  ctx: AppContext,
  by: Caller,
  id: string,
  disabled: boolean,
): Promise<{ account: string }> {
  const account = await requireAccount(ctx.db, id);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ disabledAt: disabled ? now : null })
      .where(eq(accounts.id, account.id));
    if (disabled) await revokeSessions(tx, eq(sessions.accountId, account.id), now);
    await recordChange(tx, by, now, {
      action: disabled ? 'account.disabled' : 'account.enabled',
      accountId: account.id,
      targetType: 'account',
      targetId: account.id,
      changes: { before: { disabled: account.disabled }, after: { disabled } },
    });
  });
  return { account: account.name };
}
