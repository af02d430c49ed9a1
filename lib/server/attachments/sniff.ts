import { TEXT_EXTENSIONS } from '@/lib/chat/attachments';

// What an upload really is, decided from its bytes. The client's type and the file name are
// hostile input: an HTML or SVG page named cat.png must never become an "image". Pure.

export type Sniffed =
  | { kind: 'image'; mediaType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' }
  | { kind: 'pdf'; mediaType: 'application/pdf' }
  | { kind: 'text'; mediaType: 'text/plain'; text: string }
  | { kind: 'refused'; reason: string };

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) =>
  sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(bytes: Uint8Array): Extract<Sniffed, { kind: 'image' }> | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'image', mediaType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', mediaType: 'image/jpeg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { kind: 'image', mediaType: 'image/gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { kind: 'image', mediaType: 'image/webp' };
  return null;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

const IMAGE_EXTENSIONS = new Set([
  'png',
  'jpg',
  'jpeg',
  'jpe',
  'webp',
  'gif',
  'svg',
  'svgz',
  'bmp',
  'ico',
  'avif',
  'heic',
  'tif',
  'tiff',
]);

/** UTF-8 text without NUL bytes (a BOM is dropped); null for binary data. */
export function decodeText(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Images by signature (PNG, JPEG, WebP, GIF), PDF by signature, text when the bytes are UTF-8.
 * A file that claims to be an image (by name or declared type) but is not one is refused, so a
 * disguised SVG or HTML page can never be stored as an image.
 */
export function sniff(bytes: Uint8Array, name: string, declaredType = ''): Sniffed {
  const image = sniffImage(bytes);
  if (image) return image;
  const ext = extensionOf(name);
  if (declaredType.toLowerCase().startsWith('image/') || IMAGE_EXTENSIONS.has(ext)) {
    return {
      kind: 'refused',
      reason: `“${name}” is not a PNG, JPEG, WebP or GIF image (its contents say otherwise), so it cannot be attached.`,
    };
  }
  if (startsWith(bytes, ascii('%PDF-'))) return { kind: 'pdf', mediaType: 'application/pdf' };
  const text = decodeText(bytes);
  const textual =
    (TEXT_EXTENSIONS as readonly string[]).includes(ext) ||
    ext === '' ||
    declaredType.toLowerCase().startsWith('text/');
  if (text !== null && textual) return { kind: 'text', mediaType: 'text/plain', text };
  return {
    kind: 'refused',
    reason: `“${name}” cannot be attached: only images (PNG, JPEG, WebP, GIF), PDFs and text files (txt, md, csv, json, source code) are supported.`,
  };
}
