import 'server-only';
import { log } from '@/lib/server/log';
import type { ChatError } from '@/lib/chat/types';

// One error type for every route: a stable code, an HTTP status and a user-facing message.
// Internal detail travels in `cause` and is only logged, never sent.

const STATUS: Record<string, number> = {
  bad_request: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unauthorized: 401,
  access_required: 401,
  forbidden: 403,
  account_disabled: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
};

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: unknown;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers?: Record<string, string>;

  constructor(
    code: string,
    message: string,
    options?: { cause?: unknown; details?: unknown; headers?: Record<string, string> },
  ) {
    super(message, { cause: options?.cause });
    this.code = code;
    this.status = STATUS[code] ?? 500;
    this.details = options?.details;
    this.headers = options?.headers;
  }

  toResponse(): Response {
    return Response.json(
      { error: { code: this.code, message: this.message, details: this.details } },
      { status: this.status, headers: { 'cache-control': 'no-store', ...this.headers } },
    );
  }
}

export function notFound(what = 'Not found'): AppError {
  return new AppError('not_found', what);
}

/** Turns anything thrown by a handler into a response without leaking internals. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) return error.toResponse();
  log.error({ err: error }, 'unhandled route error');
  return new AppError('internal', 'Something went wrong on the server.').toResponse();
}

export function toChatError(error: AppError, retryable = false): ChatError {
  return { code: error.code, message: error.message, retryable };
}
