import type { TFunction } from 'i18next';
import { needsPaymentAction } from '@partner-portal/shared/billing';
import type { FormInputDefinition } from '@/components/form/form-definition';
import type { FormPaymentFlow, FormValues } from '@/components/form/use-form-submit';
import { ApiError } from '@/lib/api-client';
import { tokenizeLocalCard } from '../api/billing-api';
import { requestAuthentication } from './authentication-store';
import { LocalCardFields, localCardInput, type LocalCardValue } from './local-card-fields';

// The built-in form's parts: a refusal naming one of them is shown under the card field.
const CARD_PARTS = new Set(['number', 'expiry', 'cvc', 'name']);

/** The form's `token` field: the provider's card form (spec §5: card token required). */
export function cardFieldDefinition(t: TFunction): FormInputDefinition {
  return {
    type: 'card',
    label: t('billing.card.label'),
    required: true,
    render: (props) => <LocalCardFields {...props} />,
  };
}

/**
 * Spec §7 generic submit with a card: the card becomes a token with the provider before the
 * call, and a payment that needs its holder is confirmed (the built-in processor's dialog), then
 * the call is repeated with `stripe` holding the first answer.
 */
export function cardPaymentFlow<T extends object>(t: TFunction): Required<FormPaymentFlow<T>> {
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
      throw new ApiError(
        400,
        t(outcome === 'fail' ? 'billing.authenticate.failed' : 'billing.authenticate.dismissed'),
        { inputError: 'token' },
      );
    },
  };
}
