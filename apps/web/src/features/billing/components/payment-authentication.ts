import type { PaymentAction, PaymentsSettings } from '@partner-portal/shared/billing';
import { requestAuthentication, type AuthenticationOutcome } from './authentication-store';
import { confirmWithStripe } from './stripe-card-element';

/**
 * The cardholder's check for a waiting payment, by the active provider: Stripe.js runs the
 * bank's 3-D Secure; the built-in processor opens its issuer dialog.
 */
export async function authenticateWith(
  payments: PaymentsSettings,
  action: PaymentAction,
): Promise<AuthenticationOutcome> {
  if (payments.provider === 'stripe' && payments.publishable_key) {
    const error = await confirmWithStripe(payments.publishable_key, action.client_secret);
    return error === null ? 'complete' : 'fail';
  }
  return requestAuthentication(action);
}
