import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from '@/lib/chat/download';
import { asciiSlug, contentDisposition, unicodeName } from './filename';

describe('export file names', () => {
  it('slugs titles to ASCII', () => {
    expect(asciiSlug('Why is the sky blue?')).toBe('why-is-the-sky-blue');
    expect(asciiSlug('Café déjà vu')).toBe('cafe-deja-vu');
    expect(asciiSlug('日本語のタイトル')).toBe('');
    expect(asciiSlug('a'.repeat(200))).toHaveLength(80);
  });

  it('removes path separators, quotes and control characters', () => {
    expect(unicodeName('../../etc/passwd')).toBe('etc passwd');
    expect(unicodeName('say "hi"\r\nSet-Cookie: x')).toBe('say hi Set-Cookie x');
    expect(unicodeName('日本語のタイトル')).toBe('日本語のタイトル');
  });

  it('builds a header with a plain and an encoded name that the browser reads back', () => {
    const header = contentDisposition('Notes: "日本" / plan', 'md');
    expect(header).toMatch(/^attachment; filename="notes-plan\.md"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(filenameFromDisposition(header)).toBe('Notes 日本 plan.md');
    expect(contentDisposition('', 'json')).toBe(
      `attachment; filename="conversation.json"; filename*=UTF-8''conversation.json`,
    );
  });

  it('parses plain names and refuses paths', () => {
    expect(filenameFromDisposition('attachment; filename="a b.json"')).toBe('a b.json');
    expect(filenameFromDisposition('attachment; filename=plain.md')).toBe('plain.md');
    expect(filenameFromDisposition('attachment; filename="../x/../evil.sh"')).toBe('evil.sh');
    expect(filenameFromDisposition('attachment; filename=".."')).toBeNull();
    expect(filenameFromDisposition('inline')).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
