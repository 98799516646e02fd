import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stripe, StripeCardElement as CardElement } from '@stripe/stripe-js';
import type { FieldControlProps } from '@/components/form/form-definition';
import type { CardFieldValue } from '@/components/form/form-definition';
import { Spinner } from '@/components/ui/spinner';
import { CARD_FIELD_FONT_SIZE } from '@partner-portal/shared/constants';

/*
 * Stripe's card form (docs/billing.md "Stripe"): Stripe.js draws the card inputs in its own
 * frames, so the number never touches this page. It is loaded through `@stripe/stripe-js/pure`
 * and a dynamic import, so only the screens that take a card fetch it — never /signin.
 */

let loaded: { key: string; stripe: Promise<Stripe | null> } | null = null;

function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.key !== publishableKey) {
    const stripe = import('@stripe/stripe-js/pure').then(({ loadStripe }) =>
      loadStripe(publishableKey),
    );
    loaded = { key: publishableKey, stripe };
    // A failed download may be retried by the next card form.
    stripe.catch(() => {
      loaded = null;
    });
  }
  return loaded.stripe;
}

/**
 * Stripe's 3-D Secure for a waiting payment (the invoice's PaymentIntent) or a new card (a
 * SetupIntent): null once the cardholder passed it, else Stripe's reason.
 */
export async function confirmWithStripe(
  publishableKey: string,
  clientSecret: string,
): Promise<string | null> {
  const stripe = await loadStripeJs(publishableKey);
  if (!stripe) return '';
  const { error } = clientSecret.startsWith('seti_')
    ? await stripe.confirmCardSetup(clientSecret)
    : await stripe.confirmCardPayment(clientSecret);
  return error ? (error.message ?? '') : null;
}

/** The mounted card of each field, for the payment flow (the form's value stays plain data). */
const mountedCards = new Map<string, { stripe: Stripe; card: CardElement }>();

export function mountedStripeCard(fieldId: string) {
  return mountedCards.get(fieldId) ?? null;
}

export interface StripeCardValue extends CardFieldValue {
  /** The field whose mounted card makes the token. */
  element: string;
}

function themeStyle() {
  const styles = getComputedStyle(document.documentElement);
  const color = (name: string, fallback: string) =>
    styles.getPropertyValue(name).trim()
      ? `hsl(${styles.getPropertyValue(name).trim()})`
      : fallback;
  return {
    base: {
      color: color('--foreground', '#0f172a'),
      fontFamily: styles.fontFamily,
      fontSize: CARD_FIELD_FONT_SIZE,
      '::placeholder': { color: color('--muted-foreground', '#64748b') },
    },
    invalid: { color: color('--destructive', '#dc2626') },
  };
}

export function StripeCardField({
  field,
  common,
  publishableKey,
}: FieldControlProps & { publishableKey: string }) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const { onChange, onBlur } = field;

  useEffect(() => {
    let card: CardElement | null = null;
    let cancelled = false;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (cancelled || !host.current) return;
        if (!stripe) throw new Error('Stripe.js unavailable');
        const elements = stripe.elements({ locale: i18n.language === 'es' ? 'es' : 'en' });
        card = elements.create('card', { hidePostalCode: true, style: themeStyle() });
        card.mount(host.current);
        card.on('change', (event) => {
          setError(event.error?.message ?? null);
          onChange({ complete: event.complete, element: common.id } satisfies StripeCardValue);
        });
        card.on('blur', onBlur);
        mountedCards.set(common.id, { stripe, card });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      mountedCards.delete(common.id);
      card?.destroy();
    };
  }, [publishableKey, common.id, i18n.language, onChange, onBlur]);

  return (
    <div role="group" aria-labelledby={`${common.id}-label`} className="grid gap-1">
      <div
        ref={host}
        data-testid="stripe-card"
        aria-describedby={common['aria-describedby']}
        className="min-h-10 rounded-md border border-input bg-background px-3 py-2.5"
      />
      {state === 'loading' ? <Spinner label={t('billing.card.loading')} /> : null}
      {state === 'failed' ? (
        <p role="alert" className="text-xs text-destructive">
          {t('billing.card.unavailable')}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
