// Download names for exports. The title is user text: it must never smuggle a path, a quote
// that ends the header value, or a control character into Content-Disposition.

const MAX_NAME_CHARS = 80;

/** ASCII-only slug ("Why is the sky blue?" → "why-is-the-sky-blue"); '' when nothing is left. */
export function asciiSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_NAME_CHARS)
    .replace(/^-+|-+$/g, '');
}

/** The title as a file name in any script, minus characters no file system or header accepts. */
export function unicodeName(title: string): string {
  const cleaned = title
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"/\\|?*]+/gu, ' ')
    .replace(/\s+/g, ' ')
    // No leading dots (hidden files, "..") and no trailing dots or spaces (Windows drops them).
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return Array.from(cleaned).slice(0, MAX_NAME_CHARS).join('').trim();
}

/** `attachment` with a plain ASCII name for old clients and the exact name in `filename*`. */
export function contentDisposition(title: string, extension: string, fallback = 'conversation') {
  const ascii = `${asciiSlug(title) || fallback}.${extension}`;
  const unicode = `${unicodeName(title) || fallback}.${extension}`;
  // RFC 8187: percent-encode everything outside attr-char (encodeURIComponent leaves a few).
  const encoded = encodeURIComponent(unicode).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
