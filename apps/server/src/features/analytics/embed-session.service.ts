import { hasPermission } from '@partner-portal/shared/permission-rules';
import { findLocalWorkbook } from '@partner-portal/shared/local-workbooks';
import type { EmbedSessionResponse } from '@partner-portal/shared/report-data';
import { oneTimeTokens } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/one-time-token';
import { signEmbedSession, verifyLocalUrlToken, type MintedIn } from './local-embed-token';
import { reportAnswers } from './report-answers';

/**
 * Records a URL token's `jti` as used; false when it already was. The unique hash makes this
 * atomic, so of two loads of the same URL only one gets a session — as Sigma does.
 */
async function consumeJti(ctx: AppContext, jti: string, expiresAt: Date): Promise<boolean> {
  const rows = await ctx.db
    .insert(oneTimeTokens)
    .values({
      kind: 'embed_jti',
      tokenHash: hashToken(`embed:${jti}`),
      usedAt: ctx.now(),
      expiresAt,
    })
    .onConflictDoNothing()
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** The live user session an embed token or session was minted in, or null once it ended. */
export async function findMintingSession(ctx: AppContext, minted: MintedIn) {
  const view = await ctx.sessions.find(
    { sessionId: minted.sid, userId: minted.uid, accountId: minted.acc },
    ctx.now(),
  );
  return view?.actor ?? null;
}

/** POST /api/embed/session: the embed page trades its single-use URL token for a data session. */
export async function openEmbedSession(
  ctx: AppContext,
  input: { workbook_id: string; token: string },
): Promise<EmbedSessionResponse> {
  const workbook = findLocalWorkbook(input.workbook_id);
  const claims = workbook
    ? await verifyLocalUrlToken(
        ctx.config.sessionSecret,
        input.token,
        workbook.workbookId,
        ctx.now(),
      )
    : null;
  if (!workbook || !claims) {
    throw new AppError('unauthorized', 'error.embed_expired', { inputError: 'token' });
  }
  if (!(await consumeJti(ctx, claims.jti, new Date(claims.exp * 1000)))) {
    throw new AppError('unauthorized', 'error.embed_expired', { inputError: 'token' });
  }
  // The user session that minted the URL must still be live (not signed out, removed, changed
  // or closed); a closed account's old URLs open nothing.
  const minter = await findMintingSession(ctx, claims);
  if (!minter || minter.accountId !== claims.user_attributes.partner_id) {
    throw new AppError('unauthorized', 'error.embed_expired', { inputError: 'token' });
  }
  const session = await signEmbedSession(
    ctx.config.sessionSecret,
    claims,
    ctx.now(),
    minter.expiresAt,
  );
  return {
    session: session.token,
    expires_at: session.expiresAt.toISOString(),
    workbook: { workbookId: workbook.workbookId, name: workbook.name },
    partner_name: claims.user_attributes.partner_name,
    advertiser_name: claims.user_attributes.advertiser_name ?? null,
    data_range: await reportAnswers(ctx.db, ctx.answerCache).dataRange(session.scope),
    can_import: hasPermission(minter.permission, 'admin'),
  };
}
