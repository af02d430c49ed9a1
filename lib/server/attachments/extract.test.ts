import { describe, expect, it } from 'vitest';
import { expandingPdf, PDF_HELLO, PNG_1X1 } from '@/e2e/support/attachment-fixtures';
import { extractPdfText, MAX_STORED_TEXT_CHARS, PDF_LIMITS } from './extract';

// The PDF reader in its worker thread (lib/server/attachments/pdf-worker.mjs), with real pdf.js.

// Each read starts a worker and loads pdf.js in it: seconds on a busy machine.
describe('extractPdfText', { timeout: 60_000 }, () => {
  it('reads the text of a PDF', async () => {
    const read = await extractPdfText(new Uint8Array(PDF_HELLO));
    expect(read).toEqual({ ok: true, text: 'Hello PDF world', truncated: false });
  });

  it('says a file that is not a PDF is invalid', async () => {
    expect(await extractPdfText(new Uint8Array(PNG_1X1))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('stops past the time limit and says the file cost too much', async () => {
    const started = Date.now();
    const read = await extractPdfText(new Uint8Array(expandingPdf(64)), {
      ...PDF_LIMITS,
      timeMs: 500,
    });
    expect(read).toEqual({ ok: false, reason: 'too_costly' });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('stops past the heap limit', async () => {
    const read = await extractPdfText(new Uint8Array(expandingPdf(64)), {
      ...PDF_LIMITS,
      timeMs: 60_000,
      heapMb: 8,
    });
    expect(read).toEqual({ ok: false, reason: 'too_costly' });
  });

  it('stops when the process grows past the memory limit', async () => {
    const read = await extractPdfText(new Uint8Array(expandingPdf(64)), {
      ...PDF_LIMITS,
      timeMs: 60_000,
      growthMb: 1,
    });
    expect(read).toEqual({ ok: false, reason: 'too_costly' });
  });

  it('keeps at most MAX_STORED_TEXT_CHARS of text', async () => {
    // 2 MB of text operators, 45 characters each: 2.1 million characters.
    const pdf = expandingPdf(
      2,
      'BT /F1 12 Tf 72 712 Td (Forty-five characters of text, again & again) Tj ET\n',
    );
    const read = await extractPdfText(new Uint8Array(pdf), { ...PDF_LIMITS, timeMs: 60_000 });
    expect(read.ok && read.truncated, JSON.stringify(read).slice(0, 200)).toBe(true);
    expect(read.ok && read.text.length).toBe(MAX_STORED_TEXT_CHARS);
  });

  it('never runs more readers at once than allowed', async () => {
    const reads = await Promise.all(
      Array.from({ length: 4 }, () => extractPdfText(new Uint8Array(PDF_HELLO))),
    );
    expect(reads.every((r) => r.ok && r.text === 'Hello PDF world')).toBe(true);
  });
});
