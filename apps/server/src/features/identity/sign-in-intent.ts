import { z } from 'zod';
import type { AppContext } from '../../lib/app-context';
import type { RequestMeta } from '../../lib/request-meta';

/*
 * docs/security.md "Nothing is written before the second factor": a first factor that also asks
 * for a change (a sign-up or an invite accepted as an existing user) writes nothing while a code
 * is still owed. What it asked for rides in the OTP challenge's payload, on the server, so it is
 * bound to that challenge, spent with it and dead when it expires; the client never sends it back.
 */

/** Sign-up with an existing user's e-mail and password: a new account, owned by that user. */
const CreateAccountIntentSchema = z.object({
  type: z.literal('create_account'),
  partner_name: z.string(),
});

/**
 * An invite accepted with an existing user's password. The link's hash, not the row id, names
 * the invite, so re-sending it (a new link) still voids a challenge made with the old one.
 */
const AcceptInviteIntentSchema = z.object({
  type: z.literal('accept_invite'),
  invite_token_hash: z.string(),
});

const SignInIntentSchema = z.discriminatedUnion('type', [
  CreateAccountIntentSchema,
  AcceptInviteIntentSchema,
]);
export type SignInIntent = z.infer<typeof SignInIntentSchema>;
export type CreateAccountIntent = z.infer<typeof CreateAccountIntentSchema>;
export type AcceptInviteIntent = z.infer<typeof AcceptInviteIntentSchema>;

/** What applying an intent did: the account the session opens in, and work for after commit. */
export interface AppliedIntent {
  accountId: string;
  /** Runs once the sign-in's transaction committed (a provider call that must not hold it). */
  afterCommit?: (ctx: AppContext) => Promise<void>;
}

/**
 * Writes what an intent asked for, inside the sign-in's transaction (`ctx` is bound to it), for
 * the user who proved every factor. Throws to refuse, which rolls the sign-in back.
 */
type IntentApplier<I extends SignInIntent> = (
  ctx: AppContext,
  userId: string,
  intent: I,
  meta: RequestMeta,
) => Promise<AppliedIntent>;

/** One applier per kind of intent, handed to the OTP step by the routes that compose them. */
export type IntentAppliers = {
  [K in SignInIntent['type']]: IntentApplier<Extract<SignInIntent, { type: K }>>;
};

/** An intent and the function that applies it, as a first factor hands them over. */
export interface PendingIntent<I extends SignInIntent> {
  intent: I;
  apply: IntentApplier<I>;
}

/** Applies a stored intent with its own applier (the switch keeps each pair's types together). */
export function applyIntent(
  appliers: IntentAppliers,
  ctx: AppContext,
  userId: string,
  intent: SignInIntent,
  meta: RequestMeta,
): Promise<AppliedIntent> {
  switch (intent.type) {
    case 'create_account':
      return appliers.create_account(ctx, userId, intent, meta);
    case 'accept_invite':
      return appliers.accept_invite(ctx, userId, intent, meta);
  }
}

/**
 * The intent stored in a challenge's payload, or null for a plain sign-in. The payload is ours,
 * so one that does not parse is a bug, never a reason to sign in without applying it.
 */
export function readStoredIntent(payload: Record<string, unknown>): SignInIntent | null {
  if (payload.intent === undefined) return null;
  const parsed = SignInIntentSchema.safeParse(payload.intent);
  if (!parsed.success) throw new Error('malformed sign-in intent in an OTP challenge');
  return parsed.data;
}
