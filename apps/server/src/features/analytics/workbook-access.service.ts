import { and, eq } from 'drizzle-orm';
import { entitledPlan, PlanIdSchema, SubscriptionStatusSchema } from '@partner-portal/shared/plans';
import { visibleWorkbooks, type WorkbookViewer } from '@partner-portal/shared/workbooks';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/auth-guard';
import { analyticsProvider, listCatalogue, type CatalogueEntry } from './workbook-catalogue';

/** Who is looking, with what their membership and account entitle them to. */
export async function loadViewer(ctx: AppContext, actor: Actor) {
  const [row] = await ctx.db
    .select({ user: users, membership: accountUsers, account: accounts })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, actor.userId), eq(accountUsers.accountId, actor.accountId)))
    .limit(1);
  if (!row) throw new AppError('unauthorized', 'error.unauthorized');
  return row;
}

export type Viewer = Awaited<ReturnType<typeof loadViewer>>;

/**
 * What the docs/product.md#states-and-transitions, docs/product.md#roles-and-permissions entitlement rule needs to know about a viewer. The plan is the one the
 * account has the use of (docs/billing.md "Entitlement": none of a paid plan while its payment
 * is due); master is exempt from subscription checks.
 */
export function entitlementOf(actor: Actor, { membership, account }: Viewer): WorkbookViewer {
  const subscribed = PlanIdSchema.safeParse(account.plan).data ?? null;
  return {
    permission: actor.permission,
    plan: entitledPlan(
      actor.permission,
      subscribed,
      SubscriptionStatusSchema.safeParse(account.subscriptionStatus).data,
    ),
    enable_plus: membership.enablePlus,
    plus_dashboards: membership.plusDashboards,
  };
}

function loadViewerAndCatalogue(ctx: AppContext, actor: Actor) {
  return Promise.all([
    loadViewer(ctx, actor),
    listCatalogue(ctx.db, analyticsProvider(ctx.config)),
  ]);
}

/** GET /api/sigma/workbook: the workbooks this user may open, core first (docs/product.md#states-and-transitions, docs/product.md#roles-and-permissions). */
export async function workbooksFor(ctx: AppContext, actor: Actor): Promise<CatalogueEntry[]> {
  const [viewer, catalogue] = await loadViewerAndCatalogue(ctx, actor);
  return visibleWorkbooks(entitlementOf(actor, viewer), catalogue);
}

/**
 * 404 for a workbook not in the catalogue, 403 for one this user may not open; otherwise the
 * workbook and the viewer, so the caller need not load them again.
 */
export async function requireOpenable(
  ctx: AppContext,
  actor: Actor,
  workbookId: string,
): Promise<{ workbook: CatalogueEntry; viewer: Viewer }> {
  const [viewer, catalogue] = await loadViewerAndCatalogue(ctx, actor);
  const workbook = catalogue.find((entry) => entry.workbookId === workbookId);
  if (!workbook)
    throw new AppError('not_found', 'error.workbook_not_found', { inputError: 'workbook_id' });
  const entitlement = entitlementOf(actor, viewer);
  const allowed = visibleWorkbooks(entitlement, catalogue);
  if (!allowed.some((entry) => entry.workbookId === workbookId)) {
    // A Plus workbook the viewer would see on a Plus plan: the plan is what is missing (docs/product.md#errors:
    // 402 with the plan sends the client to the upgrade screen).
    const onPlus = visibleWorkbooks({ ...entitlement, plan: 'free_plus' }, catalogue);
    if (onPlus.some((entry) => entry.workbookId === workbookId)) {
      throw new AppError('payment_required', 'error.plan_requires_payment', { plan: 'free_plus' });
    }
    throw new AppError('forbidden', 'error.workbook_forbidden', { inputError: 'workbook_id' });
  }
  return { workbook, viewer };
}
