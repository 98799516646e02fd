import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  AccountSecurityInputSchema,
  type AccountSecurity,
  type AccountSecurityInput,
} from '@partner-portal/shared/account-security';
import type { RequestBody } from '@/lib/api-client';

/**
 * The request body of the form's values: the switch as is, the grace (a text box) as a number,
 * and no grace at all while the switch is off (the field is hidden then, and the server keeps
 * the last one). The form has checked the values with policyRequestSchema before it sends them.
 */
export function toPolicyInput(body: RequestBody): AccountSecurityInput {
  const values: Record<string, unknown> =
    body instanceof FormData ? Object.fromEntries(body) : body;
  const grace = values.grace_days;
  const text = typeof grace === 'number' ? String(grace) : typeof grace === 'string' ? grace : '';
  return {
    require_2fa: values.require_2fa === true,
    ...(grace === undefined ? {} : { grace_days: text.trim() === '' ? Number.NaN : Number(text) }),
  };
}

/** The shared request schema, run on the body the form would send (the server's own check). */
export const policyRequestSchema = z.preprocess(
  (values) => toPolicyInput((values ?? {}) as Record<string, unknown>),
  AccountSecurityInputSchema,
);

type PolicyState = 'off' | 'grace' | 'enforced';

/** Off; on and members without 2FA still have time; or on and the deadline has passed. */
export function policyState(security: AccountSecurity, now = Date.now()): PolicyState {
  if (!security.require_2fa || !security.deadline) return 'off';
  return new Date(security.deadline).getTime() > now ? 'grace' : 'enforced';
}

/** A moment of the API as the viewer's language writes it ("March 3, 2026 at 2:05 PM"). */
export function useDateTime() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' });
    return (iso: string) => {
      const at = new Date(iso);
      return Number.isNaN(at.getTime()) ? iso : format.format(at);
    };
  }, [locale]);
}
