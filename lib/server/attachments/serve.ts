import 'server-only';
import type { AttachmentContent } from './content';

// How an attachment goes back to its owner. Only sniffed images are ever shown inline; text
// files and PDFs are downloads. Either way the browser may not guess another type (nosniff) and
// the response may not run anything even if opened directly (CSP sandbox).

export const ATTACHMENT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/** RFC 6266 / 5987: an ASCII fallback plus the UTF-8 name; quotes and controls cannot escape. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Bytes of an id never change, so the id is a strong validator. The browser must ask again every
 * time (no-cache): the answer then says whether the caller may still see the file, so a signed-out
 * browser or a revoked link gets a 404 instead of a copy, and an allowed one a 304 without bytes.
 */
export function attachmentEtag(item: Pick<AttachmentContent, 'id' | 'size'>): string {
  return `"${item.id}-${item.size}"`;
}

/** Whether If-None-Match (a list of tags, weak or strong, or `*`) names `etag`. */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

export function attachmentResponse(item: AttachmentContent, request: Request): Response {
  const etag = attachmentEtag(item);
  const caching = { ETag: etag, 'Cache-Control': 'private, no-cache' };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers: caching });
  }
  const inline = item.kind === 'image';
  const type = inline
    ? item.mediaType
    : item.kind === 'pdf'
      ? 'application/pdf'
      : 'text/plain; charset=utf-8';
  return new Response(new Uint8Array(item.data), {
    headers: {
      'Content-Type': type,
      'Content-Length': String(item.data.byteLength),
      'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', item.name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': ATTACHMENT_CSP,
      'Cross-Origin-Resource-Policy': 'same-origin',
      ...caching,
    },
  });
}
