import type { AttachmentMeta } from '@/lib/chat/attachments';
import { formatBytes } from '@/lib/chat/attachments';
import type { WireContentPart } from '@/lib/server/upstream/types';
import { FILE_LABEL, IMAGE_LABEL } from './labels';

// A user message with attachments as Chat Completions content parts. Pure: the caller loads
// the bytes and decides what the model can take.

export interface PartSource extends AttachmentMeta {
  data: Uint8Array;
  text: string | null;
}

export interface PartOptions {
  /** The model accepts image parts; otherwise images go as a text description. */
  vision: boolean;
  /** Most characters of one file's text; longer files are cut with a note saying so. */
  maxFileChars: number;
}

/** Share of the context window all attached text together may take (the rest: chat, reply). */
const TEXT_SHARE = 0.5;
const CHARS_PER_TOKEN = 4;
const MIN_FILE_CHARS = 1_000;

/** How much of each file fits when `files` text attachments share `contextWindow` tokens. */
export function maxFileChars(contextWindow: number, files: number): number {
  const budget = Math.floor((contextWindow * TEXT_SHARE * CHARS_PER_TOKEN) / Math.max(1, files));
  return Math.max(MIN_FILE_CHARS, budget);
}

export function trimmedNote(shown: number, total: number): string {
  return `[Parley trimmed this file to fit the model's context window: only the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} characters are included.]`;
}

/**
 * The files of a message as recorded after a request: each text file cut to `max` characters
 * says so (`sentChars`), so the screen can show the note the model was sent.
 */
export function withSentChars(
  attachments: readonly AttachmentMeta[],
  max: number,
): AttachmentMeta[] {
  return attachments.map(({ sentChars: _, ...a }) =>
    a.kind !== 'image' && (a.chars ?? 0) > max ? { ...a, sentChars: max } : a,
  );
}

function describeImage(a: AttachmentMeta): string {
  const pixels = a.width && a.height ? `, ${a.width}×${a.height} pixels` : '';
  return `(${a.mediaType}${pixels}, ${formatBytes(a.size)}; this model cannot see images, so only this description is sent.)`;
}

/** Said in place of a file's text when reading it went past a limit (extract.ts). */
export const UNREAD_FILE_NOTE =
  "[Parley could not read this file's text: reading it took too long or too much memory. Only its name is included.]";

function fileText(a: PartSource, max: number): string {
  if (a.text === null) return `${FILE_LABEL} ${a.name}\n\n${UNREAD_FILE_NOTE}`;
  const text = a.text;
  const body =
    text.length > max ? `${text.slice(0, max)}\n\n${trimmedNote(max, text.length)}` : text;
  return `${FILE_LABEL} ${a.name}\n\n${body}`;
}

/**
 * The message's text first, then each attachment in order: a file as one text part with its name,
 * an image as a label part followed by an `image_url` part holding a data URL of its sniffed type.
 * A missing source (deleted meanwhile) is named, never silently dropped.
 */
export function contentParts(
  content: string,
  attachments: readonly AttachmentMeta[],
  sources: ReadonlyMap<string, PartSource>,
  options: PartOptions,
): WireContentPart[] {
  const parts: WireContentPart[] = content ? [{ type: 'text', text: content }] : [];
  for (const meta of attachments) {
    const source = sources.get(meta.id);
    if (!source) {
      parts.push({
        type: 'text',
        text: `${FILE_LABEL} ${meta.name}\n\n[This file is no longer available.]`,
      });
    } else if (source.kind === 'image') {
      if (options.vision) {
        const url = `data:${source.mediaType};base64,${Buffer.from(source.data).toString('base64')}`;
        parts.push({ type: 'text', text: `${IMAGE_LABEL} ${source.name}` });
        parts.push({ type: 'image_url', image_url: { url } });
      } else {
        parts.push({
          type: 'text',
          text: `${IMAGE_LABEL} ${source.name}\n${describeImage(source)}`,
        });
      }
    } else {
      parts.push({ type: 'text', text: fileText(source, options.maxFileChars) });
    }
  }
  return parts;
}
