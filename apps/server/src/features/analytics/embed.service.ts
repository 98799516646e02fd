import { toLocale } from '@partner-portal/shared/constants';
import { activeFilters, writeReportFocus } from '@partner-portal/shared/report-data';
import type { EmbedInput, EmbedResponse } from '@partner-portal/shared/workbooks';
import { isPlusEligible } from '@partner-portal/shared/plans';
import { DEFAULT_SIGMA_ACCOUNT_TYPE, DEFAULT_SIGMA_PLUS_TEAM } from '../../config/sigma';
import type { AppContext } from '../../lib/app-context';
import { requireSession } from '../../lib/auth-guard';
import { recordChange, type Caller } from '../../lib/audit';
import { embedClaims } from './embed-claims';
import { signLocalUrlToken } from './local-embed-token';
import { sigmaEmbedUrl } from './sigma-embed-url';
import { entitlementOf, requireOpenable } from './workbook-access.service';

/** As Sigma's default: the host page re-mints the URL before this runs out. */
const LOCAL_URL_TOKEN_SECONDS = 60 * 60;

/**
 * POST /api/sigma/workbook/embed: re-checks that the user may open the workbook, then mints a
 * URL with a fresh token (Sigma's, or the built-in provider's in the same claim shape).
 */
export async function mintEmbedUrl(
  ctx: AppContext,
  by: Caller,
  input: EmbedInput,
): Promise<EmbedResponse> {
  const { actor } = by;
  const { workbook, viewer: loaded } = await requireOpenable(ctx, actor, input.workbook_id);
  // A dashboard opened is data moving out (docs/product.md#audit-log); a page re-minting its
  // URL, or a reload, within the window counts into the same row.
  await recordChange(ctx.db, by, ctx.now(), {
    action: 'dashboard.viewed',
    targetType: 'workbook',
    targetId: workbook.workbookId,
    changes: { name: workbook.name },
    repeatable: true,
  });
  const { user, membership, account } = loaded;
  const viewer = {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountId: account.id,
    accountName: account.name,
    advertiserName: actor.permission === 'advertiser' ? membership.advertiserName : null,
    plusEntitled: isPlusEligible(entitlementOf(actor, loaded)),
  };
  const display = {
    theme: input.theme ?? (user.darkMode ? 'dark' : 'light'),
    locale: input.locale ?? toLocale(user.locale),
  } as const;

  const sigma = ctx.config.sigma;
  const claims = embedClaims(viewer, {
    accountType: sigma?.accountType ?? DEFAULT_SIGMA_ACCOUNT_TYPE,
    plusTeam: sigma?.plusTeam ?? DEFAULT_SIGMA_PLUS_TEAM,
    ttlSeconds: sigma?.ttlSeconds ?? LOCAL_URL_TOKEN_SECONDS,
    now: ctx.now(),
  });
  const expiresAt = new Date(claims.exp * 1000).toISOString();
  // Filters travel in the URL, outside the signed token: changing them can only narrow what the
  // token's scope already allows (docs/analytics.md#open-in-dashboard).
  const focus = { filters: input.filters ?? {}, range: input.range ?? null };
  if (sigma) {
    const url = await sigmaEmbedUrl(sigma, workbook, claims, display, activeFilters(focus.filters));
    // Sigma's workbook keeps its own date control: the range is ours alone.
    return { url, expires_at: expiresAt, applied: { filters: focus.filters, range: null } };
  }
  // Bound to this user session: signing out, removal, a permission change or closing ends it.
  const token = await signLocalUrlToken(ctx.config.sessionSecret, claims, workbook.workbookId, {
    sid: requireSession(actor).sessionId,
    uid: actor.userId,
    acc: actor.accountId,
  });
  const query = writeReportFocus(
    new URLSearchParams({ token, theme: display.theme, lng: display.locale }),
    focus,
  );
  return {
    url: `${ctx.config.embedUrl}/embed/workbook/${encodeURIComponent(workbook.workbookId)}?${query.toString()}`,
    expires_at: expiresAt,
    applied: focus,
  };
}
