import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type {
  ConsoleFeedback,
  ConsoleFeedbackList,
  FeedbackQuery,
  FeedbackTriageInput,
} from '@partner-portal/shared/master';
import type { Db } from '../../db/client';
import { accounts, feedback, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { isRowId } from '../../lib/row-id';
import { dayAfter, dayStart } from '../../lib/utc-days';

const withPeople = (db: Db) =>
  db
    .select({
      row: feedback,
      user: { id: users.id, email: users.email },
      account: { id: accounts.id, name: accounts.name },
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .leftJoin(accounts, eq(accounts.id, feedback.accountId));

type Joined = Awaited<ReturnType<ReturnType<typeof withPeople>['execute']>>[number];

function toConsoleFeedback({ row, user, account }: Joined): ConsoleFeedback {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    note: row.note,
    user: user?.id ? { id: user.id, email: user.email } : null,
    account: account?.id ? { id: account.id, name: account.name } : null,
    created: row.createdAt.toISOString(),
  };
}

/** GET /api/master/feedback: newest first, filtered by rating, status and whole UTC days. */
export async function listConsoleFeedback(
  db: Db,
  query: FeedbackQuery,
): Promise<ConsoleFeedbackList> {
  const conditions: SQL[] = [];
  if (query.rating) conditions.push(eq(feedback.rating, query.rating));
  if (query.status) conditions.push(eq(feedback.status, query.status));
  if (query.from) conditions.push(gte(feedback.createdAt, dayStart(query.from)));
  if (query.to) conditions.push(lt(feedback.createdAt, dayAfter(query.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    withPeople(db)
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(feedback).where(where),
  ]);
  return {
    rows: rows.map(toConsoleFeedback),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** PATCH /api/master/feedback/{id}: its status and the operator's note, in the operator's log. */
export async function triageFeedback(
  ctx: AppContext,
  by: Caller,
  id: string,
  input: FeedbackTriageInput,
): Promise<ConsoleFeedback> {
  await ctx.db.transaction(async (tx) => {
    const [before] = isRowId(id)
      ? await tx.select().from(feedback).where(eq(feedback.id, id)).for('update')
      : [];
    if (!before) throw new AppError('not_found', 'error.not_found');
    await tx
      .update(feedback)
      .set({
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.note !== undefined ? { note: input.note || null } : {}),
      })
      .where(eq(feedback.id, id));
    await recordChange(tx, by, ctx.now(), {
      action: 'feedback.triaged',
      targetType: 'feedback',
      targetId: id,
      changes: {
        before: { status: before.status, note: before.note },
        after: { status: input.status ?? before.status, note: input.note ?? before.note },
      },
    });
  });
  const [row] = await withPeople(ctx.db).where(eq(feedback.id, id));
  return toConsoleFeedback(row!);
}
