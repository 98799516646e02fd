import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../lib/messages';

export type PaymentErrorCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'invalid_expiry'
  | 'invalid_cvc'
  | 'invalid_token'
  | 'authentication_failed'
  | 'processing_error';

/**
 * A card the provider refused, from either provider, worded for the cardholder and shown under
 * the card field (`token`) or the one part of the built-in form at fault.
 */
export class PaymentError extends AppError {
  constructor(
    readonly paymentCode: PaymentErrorCode,
    field: 'token' | 'number' | 'expiry' | 'cvc' = 'token',
  ) {
    super('bad_request', `error.payment_${paymentCode}` as MessageKey, { inputError: field });
    this.name = 'PaymentError';
  }
}
