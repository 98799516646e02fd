import type { ErrorCode } from '@partner-portal/shared/api';
import type { PlanId } from '@partner-portal/shared/plans';
import type { ImportProblem } from '@partner-portal/shared/report-import';
import type { MessageKey } from './messages';

const APP_ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_unavailable: 503,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export interface AppErrorOptions {
  /** The one request field at fault, shown under that field by the web form (docs/product.md#errors). */
  inputError?: string;
  /** With payment_required: the plan the client should offer (docs/product.md#errors: 402 → upgrade). */
  plan?: PlanId;
  params?: Record<string, string | number>;
  /** With rate_limited: sent as the Retry-After header. */
  retryAfterSeconds?: number;
  /** What the client may act on beyond the status (`ERROR_CODES`). */
  reason?: ErrorCode;
  /** A refused file: the lines at fault, in the request's language, and how many there were. */
  problems?: { list: ImportProblem[]; count: number };
}

/**
 * What services throw. `messageKey` names a translated message in lib/messages.ts; the error
 * handler maps `code` to the status and words the message in the request's language.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: AppErrorCode,
    readonly messageKey: MessageKey,
    readonly options: AppErrorOptions = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.status = APP_ERROR_STATUS[code];
  }
}
