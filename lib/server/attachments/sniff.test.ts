import { describe, expect, it } from 'vitest';
import {
  GIF_1X1,
  HTML_SCRIPT,
  PDF_HELLO,
  PNG_1X1,
  SVG_SCRIPT,
} from '@/e2e/support/attachment-fixtures';
import { sniff } from './sniff';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (s: string) => new TextEncoder().encode(s);

describe('sniff', () => {
  it('recognises PNG, JPEG, GIF and WebP by their signatures, whatever the name says', () => {
    expect(sniff(PNG_1X1, 'photo.jpg', 'image/jpeg')).toEqual({
      kind: 'image',
      mediaType: 'image/png',
    });
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0), 'x')).toEqual({
      kind: 'image',
      mediaType: 'image/jpeg',
    });
    expect(sniff(GIF_1X1, 'x.png')).toEqual({ kind: 'image', mediaType: 'image/gif' });
    const webp = text('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    expect(sniff(webp, 'x')).toEqual({ kind: 'image', mediaType: 'image/webp' });
  });

  it('refuses SVG and HTML named or typed as images', () => {
    expect(sniff(SVG_SCRIPT, 'cat.png').kind).toBe('refused');
    expect(sniff(SVG_SCRIPT, 'logo.svg').kind).toBe('refused');
    expect(sniff(SVG_SCRIPT, 'notes.txt', 'image/svg+xml').kind).toBe('refused');
    expect(sniff(HTML_SCRIPT, 'x.GIF').kind).toBe('refused');
    const refused = sniff(HTML_SCRIPT, 'x.webp');
    expect(refused.kind === 'refused' && refused.reason).toMatch(
      /not a PNG, JPEG, WebP or GIF image/,
    );
  });

  it('reads PDFs by signature and UTF-8 text files by extension', () => {
    expect(sniff(PDF_HELLO, 'report.bin')).toEqual({ kind: 'pdf', mediaType: 'application/pdf' });
    expect(sniff(text('a,b\n1,2\n'), 'data.csv')).toEqual({
      kind: 'text',
      mediaType: 'text/plain',
      text: 'a,b\n1,2\n',
    });
    expect(sniff(text('\ufeffhello'), 'README.md')).toMatchObject({ kind: 'text', text: 'hello' });
    expect(sniff(text('fn main() {}'), 'main.rs').kind).toBe('text');
    expect(sniff(text('plain'), 'Makefile').kind).toBe('text');
  });

  it('refuses binary data and text under an unknown extension', () => {
    expect(sniff(bytes(0x4d, 0x5a, 0, 1), 'tool.exe').kind).toBe('refused');
    expect(sniff(bytes(0xc3, 0x28), 'broken.txt').kind).toBe('refused');
    expect(sniff(text('hello'), 'archive.zip').kind).toBe('refused');
  });
});
