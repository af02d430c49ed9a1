import 'server-only';
import { z } from 'zod';

// Small helpers for reading configuration values and describing what is wrong with them.
// Error messages name only a URL's scheme: the rest may carry a token.

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function schemeOf(value: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(value);
  return match?.[1] ? `${match[1]}:` : 'none';
}

/** A zod issue path as `[0].name`, appended to the variable's name in a message. */
export function describePath(path: PropertyKey[]): string {
  return path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
}

// Empty strings count as unset: `FOO=` in a .env file should behave like no FOO at all.
export const optionalText = z.preprocess((value) => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}, z.string().optional());

export function wholeNumber(
  variable: string,
  min: number,
  max: number,
  fallback: number,
  example: number,
) {
  return optionalText
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max), {
      error: (issue) =>
        `${variable} must be a whole number between ${min} and ${max} such as ${example} (got ${JSON.stringify(issue.input)}), or be left unset for the default ${fallback}`,
    })
    .transform((v) => (v === undefined ? fallback : Number(v)));
}

/** pino's level names, the values LOG_LEVEL accepts (lib/server/config/early.ts reads it for the logger). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

// Validated with the rest at start, so a typo stops the server instead of silently logging at
// `info`; the logger cannot read the parsed configuration, which itself logs.
export const logLevel = optionalText.refine(
  (v) => v === undefined || LOG_LEVELS.includes(v.toLowerCase()),
  {
    error: (issue) =>
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got ${JSON.stringify(issue.input)}), or be left unset for info`,
  },
);
