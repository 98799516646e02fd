import Stripe from 'stripe';
import { PaymentError, type PaymentErrorCode } from '../payment-error';

/** Stripe's decline codes worded the way the built-in processor words them. */
export function paymentCodeOf(code: string | null | undefined, declineCode?: string | null) {
  const known: Record<string, PaymentErrorCode> = {
    insufficient_funds: 'insufficient_funds',
    expired_card: 'expired_card',
    incorrect_cvc: 'invalid_cvc',
    invalid_cvc: 'invalid_cvc',
    invalid_expiry_month: 'invalid_expiry',
    invalid_expiry_year: 'invalid_expiry',
    payment_intent_authentication_failure: 'authentication_failed',
    setup_intent_authentication_failure: 'authentication_failed',
    processing_error: 'processing_error',
  };
  return known[declineCode ?? ''] ?? known[code ?? ''] ?? 'card_declined';
}

/**
 * Runs a Stripe call, turning a card Stripe refused into the cardholder's field error, and a
 * token that is not a card this customer may use into `invalid_token`. Anything else (Stripe
 * down, a bad key) stays an error of ours: a 500 with the request id, not the card's fault.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new PaymentError(paymentCodeOf(error.code, error.decline_code));
    }
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.param === 'payment_method' || error.code === 'resource_missing') &&
      /payment_?method|pm_/i.test(`${error.param ?? ''} ${error.message}`)
    ) {
      throw new PaymentError('invalid_token');
    }
    throw error;
  }
}
