import 'server-only';

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
