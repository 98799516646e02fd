import { Webhook } from 'standardwebhooks';
import { WEBHOOK_TIMEOUT_MS } from '@partner-portal/shared/webhooks';
import { OutboundError, requestPublic } from '../../lib/public-fetch';

/** What one try came to: a status (2xx is success), or an error before any status. */
export interface SendResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
}

export interface Signed {
  messageId: string;
  body: string;
  /** Every secret that signs now: the current one, and a rotated-out one in its 24 hours. */
  secrets: string[];
}

/** A receiver's answer is read only to end the exchange; we keep none of it. */
const ANSWER_MAX_BYTES = 64 * 1024;

/**
 * The Standard Webhooks headers for `message`: `webhook-signature` holds one `v1,<sig>` per
 * secret, space-separated, so a receiver holding either secret verifies it during a rotation.
 */
function signatureHeaders(message: Signed, at: Date): Record<string, string> {
  const signatures = message.secrets.map((secret) =>
    new Webhook(secret).sign(message.messageId, at, message.body),
  );
  return {
    'content-type': 'application/json',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/**
 * POSTs one signed message to `url` under the outbound rules (lib/public-fetch.ts: public
 * addresses only unless allowed, no redirect followed, 10 s for the whole exchange). The
 * signature's timestamp is the wall clock's: the receiver compares it with its own.
 */
export async function sendWebhook(
  url: string,
  message: Signed,
  options: { allowPrivate: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const answer = await requestPublic(new URL(url), {
      allowPrivate: options.allowPrivate,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: ANSWER_MAX_BYTES,
      method: 'POST',
      headers: signatureHeaders(message, new Date()),
      body: message.body,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    const redirect = answer.status >= 300 && answer.status < 400;
    return {
      ok,
      status: answer.status,
      durationMs: took(),
      error: redirect ? `redirect to ${answer.headers.location ?? '?'} not followed` : null,
    };
  } catch (error) {
    const text =
      error instanceof OutboundError
        ? error.message
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, status: null, durationMs: took(), error: text.slice(0, 300) };
  }
}
