import 'server-only';
import type { ChatError } from '@/lib/chat/types';

// Why an answer was cut by one of Parley's own caps (config: Limits). The part that arrived
// before the cut is kept and saved; these say what happened and which setting decides it.

function size(bytes: number): string {
  return bytes >= 1024 ** 2
    ? `${Number((bytes / 1024 ** 2).toFixed(1))} MB`
    : `${Math.round(bytes / 1024)} KB`;
}

export function answerTooLong(maxChars: number): ChatError {
  return {
    code: 'answer_too_long',
    message: `The answer was cut at ${maxChars.toLocaleString('en-US')} characters (the server’s ANSWER_MAX_CHARS limit). What arrived until then is kept.`,
    retryable: false,
  };
}

export function eventTooLarge(maxBytes: number): ChatError {
  return {
    code: 'upstream_event_too_large',
    message: `The AI provider sent a single stream event larger than ${size(maxBytes)} (the server’s UPSTREAM_EVENT_MAX_BYTES limit), so the answer was cut. What arrived until then is kept.`,
    retryable: false,
  };
}

export function bodyTooLarge(maxBytes: number): ChatError {
  return {
    code: 'upstream_body_too_large',
    message: `The AI provider’s response was larger than ${size(maxBytes)} (the server’s UPSTREAM_BODY_MAX_BYTES limit), so it was not read.`,
    retryable: false,
  };
}
