// Turns an in-band error payload (sent inside a 200 response) into the state's error shape.
import type { ErrorPayload, StreamError } from './types';

const FALLBACK_MESSAGE = 'The model provider reported an error.';

export function toStreamError(
  payload: ErrorPayload | string | null | undefined,
): StreamError | null {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === 'string') return payload === '' ? null : { message: payload };
  // `"error": {}` carries nothing to surface; treating it as a failure would fail good answers.
  if (Object.keys(payload).length === 0) return null;
  const { message, code, ...rest } = payload;
  const error: StreamError = {
    ...rest,
    message: typeof message === 'string' && message !== '' ? message : FALLBACK_MESSAGE,
  };
  if (typeof code === 'string' || typeof code === 'number') error.code = code;
  else if (code === null) error.code = null;
  return error;
}
