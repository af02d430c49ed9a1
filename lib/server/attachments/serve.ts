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

export function attachmentResponse(item: AttachmentContent): Response {
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
      // Private to the signed-in guest; never kept by a shared cache.
      'Cache-Control': 'private, max-age=3600',
    },
  });
}
