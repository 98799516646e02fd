import type { TFunction } from 'i18next';
import { needsPaymentAction, type PaymentsSettings } from '@partner-portal/shared/billing';
import type { FormInputDefinition } from '@/components/form/form-definition';
import type { FormPaymentFlow, FormValues } from '@/components/form/use-form-submit';
import { ApiError } from '@/lib/api-client';
import { tokenizeLocalCard } from '../api/billing-api';
import { requestAuthentication } from './authentication-store';
import { LocalCardFields, localCardInput, type LocalCardValue } from './local-card-fields';
import {
  confirmWithStripe,
  mountedStripeCard,
  StripeCardField,
  type StripeCardValue,
} from './stripe-card-element';

// The built-in form's parts: a refusal naming one of them is shown under the card field.
const CARD_PARTS = new Set(['number', 'expiry', 'cvc', 'name']);

const usesStripe = (
  payments: PaymentsSettings,
): payments is PaymentsSettings & { publishable_key: string } =>
  payments.provider === 'stripe' && Boolean(payments.publishable_key);

/** The form's `token` field: the active provider's card form (docs/product.md#validation-rules: card token required). */
export function cardFieldDefinition(t: TFunction, payments: PaymentsSettings): FormInputDefinition {
  return {
    type: 'card',
    label: t('billing.card.label'),
    required: true,
    render: usesStripe(payments)
      ? (props) => <StripeCardField {...props} publishableKey={payments.publishable_key} />
      : (props) => <LocalCardFields {...props} />,
  };
}

const cardError = (message: string) => new ApiError(400, message, { inputError: 'token' });

/** Stripe.js makes the token (a PaymentMethod) and runs 3-D Secure in its own frame. */
function stripeFlow<T extends object>(
  t: TFunction,
  publishableKey: string,
): Required<FormPaymentFlow<T>> {
  return {
    async preparePayload(values: FormValues) {
      const mounted = mountedStripeCard((values.token as StripeCardValue).element);
      if (!mounted) throw cardError(t('billing.card.unavailable'));
      const { paymentMethod, error } = await mounted.stripe.createPaymentMethod({
        type: 'card',
        card: mounted.card,
      });
      if (error || !paymentMethod) throw cardError(error?.message ?? t('billing.card.unavailable'));
      return { ...values, token: paymentMethod.id };
    },
    async confirmPayment(data, payload) {
      if (!needsPaymentAction(data)) return null;
      const error = await confirmWithStripe(publishableKey, data.client_secret);
      if (error) throw cardError(error || t('billing.authenticate.failed'));
      return { ...payload, stripe: data };
    },
  };
}

/** The built-in processor: its tokenising call, and its issuer dialog for authentication. */
function localFlow<T extends object>(t: TFunction): Required<FormPaymentFlow<T>> {
  return {
    async preparePayload(values: FormValues) {
      try {
        const { token } = await tokenizeLocalCard(localCardInput(values.token as LocalCardValue));
        return { ...values, token };
      } catch (error) {
        if (error instanceof ApiError && error.inputError && CARD_PARTS.has(error.inputError)) {
          throw new ApiError(error.status, error.message, { inputError: 'token' });
        }
        throw error;
      }
    },
    async confirmPayment(data, payload) {
      if (!needsPaymentAction(data)) return null;
      const outcome = await requestAuthentication(data);
      if (outcome === 'complete') return { ...payload, stripe: data };
      throw cardError(
        t(outcome === 'fail' ? 'billing.authenticate.failed' : 'billing.authenticate.dismissed'),
      );
    },
  };
}

/**
 * docs/product.md#api-calls generic submit with a card: the card becomes a token with the provider before the
 * call, and a payment that needs its holder is confirmed (Stripe.js, or the built-in
 * processor's dialog), then the call is repeated with `stripe` holding the first answer.
 */
export function cardPaymentFlow<T extends object>(
  t: TFunction,
  payments: PaymentsSettings,
): Required<FormPaymentFlow<T>> {
  return usesStripe(payments) ? stripeFlow<T>(t, payments.publishable_key) : localFlow<T>(t);
}
