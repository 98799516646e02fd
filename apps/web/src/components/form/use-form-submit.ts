import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { toast } from '@/components/ui/toast-store';
import { ApiError, type ApiAnswer, type RequestBody } from '@/lib/api-client';
import { handleApiError } from '@/lib/error-handler';
import { navigateTo } from '@/lib/navigation';
import { toRequestBody } from './form-payload';

const MAX_PAYMENT_ROUNDS = 3;

export type FormStatus = 'idle' | 'submitting' | 'submitted';
export type FormValues = Record<string, unknown>;
/**
 * A form's call: a fetcher from `features/<x>/api/` that sends the body and reads the answer with
 * its shared response schema. The form never knows the URL.
 */
export type FormRequest<TResult> = (body: RequestBody) => Promise<ApiAnswer<TResult>>;

/**
 * docs/product.md#api-calls card payments: `preparePayload` swaps the card field for a provider token before the
 * call; `confirmPayment` answers a response that asks for a further card action
 * (requires_payment_action + client_secret) and returns the payload to send again, or null when
 * nothing more is needed. A failure thrown by either is shown like the call's own errors.
 */
export interface FormPaymentFlow<TResult> {
  preparePayload?: (values: FormValues) => Promise<FormValues>;
  confirmPayment?: (data: TResult, payload: FormValues) => Promise<FormValues | null>;
}

export interface FormSubmitOptions<TResult> {
  request?: FormRequest<TResult>;
  callback?: (values: FormValues) => void | Promise<void>;
  onSuccess?: (data: TResult, message?: string) => void;
  redirect?: string;
  payment?: FormPaymentFlow<TResult>;
  /** Names of this form's fields: a server `inputError` naming one of them shows under it. */
  fieldNames: readonly string[];
  setError: UseFormSetError<FormValues>;
}

/** Sends the values and routes the outcome: toast + onSuccess + redirect, or a field error. */
export function useFormSubmit<TResult>(options: FormSubmitOptions<TResult>) {
  const [status, setStatus] = useState<FormStatus>('idle');

  async function send(values: FormValues): Promise<void> {
    const { request, callback, onSuccess, redirect, payment } = options;
    setStatus('submitting');
    try {
      if (request) {
        const payload = payment?.preparePayload ? await payment.preparePayload(values) : values;
        let response = await request(toRequestBody(payload));
        // A repeated call may ask for one more action (a new card, then the payment itself).
        let sent = payload;
        for (let round = 0; round < MAX_PAYMENT_ROUNDS && payment?.confirmPayment; round += 1) {
          const again = await payment.confirmPayment(response.data, sent);
          if (!again) break;
          sent = again;
          response = await request(toRequestBody(again));
        }
        if (response.message) toast({ variant: 'success', title: response.message });
        onSuccess?.(response.data, response.message);
      } else {
        await callback?.(values);
      }
      setStatus('submitted');
      if (redirect) navigateTo(redirect);
    } catch (error) {
      setStatus('idle');
      if (
        error instanceof ApiError &&
        error.inputError &&
        error.message &&
        options.fieldNames.includes(error.inputError)
      ) {
        options.setError(
          error.inputError,
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else {
        handleApiError(error);
      }
    }
  }

  return { status, send };
}
