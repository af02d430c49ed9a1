// How long a provider asks us to wait: the Retry-After header (seconds or an HTTP date), the
// non-standard retry-after-ms, or a wait stated in the error body ("Please try again in 6m0s",
// Google's "retryDelay": "30s").

/** Seconds until the given Retry-After value (delta-seconds or an HTTP date); undefined if unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

const UNIT_SECONDS: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };

/** "6m0s", "1.5s", "250ms", "2 minutes" → seconds. */
function durationSeconds(text: string): number | undefined {
  let total = 0;
  let matched = false;
  for (const part of text.matchAll(
    /(\d+(?:\.\d+)?)\s*(ms|h|hours?|m|min|minutes?|s|sec|seconds?)(?![a-z])/gi,
  )) {
    const unit = (part[2] ?? 's').toLowerCase();
    const key = unit === 'ms' ? 'ms' : (unit[0] ?? 's');
    total += Number(part[1]) * (UNIT_SECONDS[key] ?? 1);
    matched = true;
  }
  return matched ? Math.ceil(total) : undefined;
}

const IN_TEXT =
  /(?:try again in|retry in|retry after|wait)\s+((?:\d+(?:\.\d+)?\s*(?:ms|h|hours?|m|min|minutes?|s|sec|seconds?)\s*)+)/i;
const RETRY_DELAY = /"retryDelay"\s*:\s*"(\d+(?:\.\d+)?s)"/;

export function retryAfterSeconds(
  headers: { get(name: string): string | null } | null,
  body: string,
): number | undefined {
  const header = parseRetryAfter(headers?.get('retry-after') ?? null);
  if (header !== undefined) return header;
  const ms = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms / 1000);
  const stated = IN_TEXT.exec(body)?.[1] ?? RETRY_DELAY.exec(body)?.[1];
  return stated ? durationSeconds(stated) : undefined;
}
