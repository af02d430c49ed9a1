import { imageSize } from 'image-size';
import { formatBytes } from '@/lib/chat/attachments';
import { FILE_LABEL, IMAGE_LABEL } from '@/lib/server/attachments/labels';
import type { WireContentPart } from '@/lib/server/upstream/types';

// What the offline demo model says about attachments, so the feature works without a provider:
// an image's type, size and pixel dimensions, a text file's first lines. Pure.

const FIRST_LINES = 5;

function describeImage(url: string, name: string | null): string {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!match) return `- an image${name ? ` **${name}**` : ''} given by URL`;
  const [, mediaType = '', base64 = ''] = match;
  const bytes = Buffer.from(base64, 'base64');
  let pixels = '';
  try {
    const size = imageSize(new Uint8Array(bytes));
    if (size.width && size.height) pixels = `, ${size.width}×${size.height} pixels`;
  } catch {
    // Not an image it can measure: type and size still say something.
  }
  return `- image ${name ? `**${name}**: ` : ''}\`${mediaType}\`${pixels}, ${formatBytes(bytes.byteLength)}`;
}

function describeFile(text: string): string {
  const newline = text.indexOf('\n');
  const name = text.slice(FILE_LABEL.length, newline === -1 ? undefined : newline).trim();
  const body = newline === -1 ? '' : text.slice(newline + 1).replace(/^\n/, '');
  const lines = body.split('\n').slice(0, FIRST_LINES);
  return [`- file **${name}** starts with:`, '', ...lines.map((line) => `    ${line}`)].join('\n');
}

/** A description of every attachment in a user message's parts; null when there are none. */
export function describeAttachments(parts: readonly WireContentPart[]): string | null {
  const lines: string[] = [];
  let imageName: string | null = null;
  for (const part of parts) {
    if (part.type === 'image_url') {
      lines.push(describeImage(part.image_url.url, imageName));
      imageName = null;
    } else if (part.text.startsWith(IMAGE_LABEL)) {
      const rest = part.text.slice(IMAGE_LABEL.length).trim();
      // Without vision the label is all there is; with it, the image part follows.
      imageName = rest.split('\n')[0] ?? null;
      if (rest.includes('\n')) lines.push(`- ${rest.replace(/\n/g, ' ')}`);
    } else if (part.text.startsWith(FILE_LABEL)) {
      lines.push(describeFile(part.text));
    }
  }
  if (imageName) lines.push(`- image **${imageName}** (sent as a description only)`);
  return lines.length > 0 ? ['You attached:', '', ...lines].join('\n') : null;
}
