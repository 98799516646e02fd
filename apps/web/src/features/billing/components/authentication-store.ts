import { useSyncExternalStore } from 'react';
import type { PaymentAction } from '@partner-portal/shared/billing';

export type AuthenticationOutcome = 'complete' | 'fail' | 'dismissed';

interface AuthenticationRequest {
  action: PaymentAction;
  resolve: (outcome: AuthenticationOutcome) => void;
}

let current: AuthenticationRequest | null = null;
const listeners = new Set<() => void>();

function publish(next: AuthenticationRequest | null) {
  current = next;
  listeners.forEach((listener) => listener());
}

/**
 * Opens the built-in processor's authentication dialog for a payment and resolves with what
 * the cardholder chose; closing the dialog leaves the payment waiting (`dismissed`).
 */
export function requestAuthentication(action: PaymentAction): Promise<AuthenticationOutcome> {
  current?.resolve('dismissed');
  return new Promise((resolve) => publish({ action, resolve }));
}

export function answerAuthentication(outcome: AuthenticationOutcome) {
  const request = current;
  publish(null);
  request?.resolve(outcome);
}

export function useAuthenticationRequest(): PaymentAction | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current?.action ?? null,
    // The build-time render of the public pages draws the store as it starts.
    () => current?.action ?? null,
  );
}
