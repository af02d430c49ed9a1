import 'server-only';
import { wellFormed } from '@/lib/chat/text-hygiene';
import { AppError } from '@/lib/server/errors';

// Every JSON body and query the guard reads passes through here before zod: text the database
// cannot keep, or nobody means to send, is dealt with once for every route. NUL (which
// PostgreSQL refuses in text and jsonb) is refused with a 400 naming the field; other control
// characters but tab and newlines are dropped; a lone surrogate becomes U+FFFD. Labels (titles,
// file names) are cleaned further where they are saved (lib/chat/text-hygiene.ts).

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const MAX_DEPTH = 64;

type Path = (string | number)[];

/** A copy of `value` with every string (and key) cleaned; throws a 400 naming a field with NUL. */
export function cleanInput(value: unknown, path: Path = []): unknown {
  if (typeof value === 'string') return cleanString(value, path);
  if (path.length > MAX_DEPTH)
    throw new AppError('bad_request', 'The request is nested too deeply.');
  if (Array.isArray(value)) return value.map((item, i) => cleanInput(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const name = cleanString(key, [...path, key]);
      out[name] = cleanInput(item, [...path, name]);
    }
    return out;
  }
  return value;
}

function cleanString(text: string, path: Path): string {
  if (text.includes('\u0000')) {
    const field = path.length > 0 ? path.join('.') : 'The request';
    const message = `${field}: contains a NUL character (U+0000), which text cannot hold. Remove it and try again.`;
    throw new AppError('bad_request', message, {
      details: [{ path: path.join('.'), message: 'contains a NUL character (U+0000)' }],
    });
  }
  return wellFormed(text.replace(CONTROLS, ''));
}

/** Path parameters name things by id: one with a control character names nothing (404). */
export function hasControlCharacters(values: Record<string, string>): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  return Object.values(values).some((v) => /[\u0000-\u001f\u007f-\u009f]/.test(v));
}
