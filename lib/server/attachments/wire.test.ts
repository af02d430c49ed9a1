import { describe, expect, it } from 'vitest';
import { type AttachmentMeta, trimmedFileNote, unreadFileNote } from '@/lib/chat/attachments';
import {
  contentParts,
  maxFileChars,
  type PartSource,
  UNREAD_FILE_NOTE,
  withSentChars,
} from './wire';

const image: PartSource = {
  id: 'i1',
  name: 'cat.png',
  mediaType: 'image/png',
  kind: 'image',
  size: 3,
  width: 640,
  height: 480,
  data: new Uint8Array([1, 2, 3]),
  text: null,
};
const file: PartSource = {
  id: 'f1',
  name: 'notes.md',
  mediaType: 'text/plain',
  kind: 'text',
  size: 10,
  chars: 10,
  data: new Uint8Array(),
  text: '0123456789',
};
const sources = new Map([
  [image.id, image],
  [file.id, file],
]);
const meta = (s: PartSource): AttachmentMeta => ({ ...s });

describe('contentParts', () => {
  it('puts the text first, then each attachment in order', () => {
    expect(
      contentParts('Look', [meta(image), meta(file)], sources, { vision: true, maxFileChars: 100 }),
    ).toEqual([
      { type: 'text', text: 'Look' },
      { type: 'text', text: 'Attached image: cat.png' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AQID' } },
      { type: 'text', text: 'Attached file: notes.md\n\n0123456789' },
    ]);
  });

  it('describes images in text for a model without vision', () => {
    const parts = contentParts('', [meta(image)], sources, { vision: false, maxFileChars: 100 });
    expect(parts).toEqual([
      {
        type: 'text',
        text: 'Attached image: cat.png\n(image/png, 640×480 pixels, 3 B; this model cannot see images, so only this description is sent.)',
      },
    ]);
  });

  it('trims a long file with a note and names a file that is gone', () => {
    const parts = contentParts(
      '',
      [meta(file), { ...meta(file), id: 'gone', name: 'old.txt' }],
      sources,
      {
        vision: true,
        maxFileChars: 4,
      },
    );
    expect(parts[0]).toEqual({
      type: 'text',
      text: "Attached file: notes.md\n\n0123\n\n[Parley trimmed this file to fit the model's context window: only the first 4 of 10 characters are included.]",
    });
    expect(parts[1]).toEqual({
      type: 'text',
      text: 'Attached file: old.txt\n\n[This file is no longer available.]',
    });
  });
});

describe('maxFileChars', () => {
  it('shares half the window (4 characters a token) among the files, never below 1,000', () => {
    expect(maxFileChars(8192, 1)).toBe(16_384);
    expect(maxFileChars(8192, 4)).toBe(4_096);
    expect(maxFileChars(128, 1)).toBe(1_000);
  });
});

describe('withSentChars', () => {
  const file = (
    id: string,
    chars: number | null,
    kind: AttachmentMeta['kind'] = 'text',
  ): AttachmentMeta => ({
    id,
    name: `${id}.txt`,
    mediaType: 'text/plain',
    kind,
    size: chars ?? 10,
    chars,
  });

  it('marks only text files longer than what is sent, and clears an old mark', () => {
    const marked = withSentChars(
      [
        file('long', 5_000),
        file('short', 900),
        file('pic', null, 'image'),
        file('pdf', 1_200, 'pdf'),
      ],
      1_000,
    );
    expect(marked.map((a) => a.sentChars)).toEqual([1_000, undefined, undefined, 1_000]);
    const wider = withSentChars(marked, 10_000);
    expect(wider.some((a) => 'sentChars' in a)).toBe(false);
  });

  it('words the note the screen shows from the same numbers', () => {
    const [long] = withSentChars([file('long', 200_000)], 16_384);
    expect(trimmedFileNote(long ?? {})).toBe(
      "Trimmed to fit the model's context window: it was sent the first 16,384 of 200,000 characters.",
    );
    expect(trimmedFileNote(file('short', 900))).toBeNull();
  });
});

describe('a file whose text could not be read', () => {
  const pdf: PartSource = {
    id: 'p1',
    name: 'huge.pdf',
    mediaType: 'application/pdf',
    kind: 'pdf',
    size: 600_000,
    chars: null,
    data: new Uint8Array(),
    text: null,
  };

  it('goes to the model as its name and a note saying so', () => {
    expect(
      contentParts('', [meta(pdf)], new Map([[pdf.id, pdf]]), { vision: true, maxFileChars: 100 }),
    ).toEqual([{ type: 'text', text: `Attached file: huge.pdf\n\n${UNREAD_FILE_NOTE}` }]);
  });

  it('shows a note on screen, unlike a file read in full or saved before text was counted', () => {
    expect(unreadFileNote(pdf)).toMatch(/could not be read/);
    expect(unreadFileNote({ kind: 'pdf', chars: 12 })).toBeNull();
    expect(unreadFileNote({ kind: 'pdf' })).toBeNull();
    expect(unreadFileNote({ kind: 'image', chars: null })).toBeNull();
  });
});
