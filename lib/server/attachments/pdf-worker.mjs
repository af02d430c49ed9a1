// Reads the text of one PDF in a worker thread: lib/server/attachments/extract.ts starts it with
// a time and memory limit and ends it after the answer. Plain JavaScript because the tests load
// this file by path; a production build bundles it as a worker entry of its own (Turbopack
// follows `new Worker`).
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

// Lowest CPU priority for this thread only (on Linux a thread's niceness is its own): the
// thread answering requests wins whenever both want the CPU. Before pdf.js is even compiled.
try {
  setPriority(19);
} catch {
  // Not allowed here (some containers): the time limit still holds.
}
const { getDocumentProxy } = await import('unpdf');

/**
 * Pages in order, each trimmed, separated by blank lines, at most `maxChars` characters. The
 * text of a page is read as a stream, so a page of endless text stops at the cap instead of
 * being collected whole first.
 * @param {{ bytes: Uint8Array, maxChars: number }} input
 */
async function read({ bytes, maxChars }) {
  // Verbosity 0: errors only; pdf.js warns about every odd font on the console otherwise.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  const pages = [];
  let chars = 0;
  let truncated = false;
  for (let n = 1; n <= pdf.numPages && !truncated; n += 1) {
    const page = await pdf.getPage(n);
    const reader = page.streamTextContent().getReader();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const item of value.items) {
        if (item.str != null) text += item.str + (item.hasEOL ? '\n' : '');
      }
      if (chars + text.length > maxChars) {
        truncated = true;
        await reader.cancel(new Error('Parley has read as much of this file as it keeps'));
        break;
      }
    }
    text = text.trim();
    pages.push(text);
    chars += text.length + 2;
  }
  return { text: pages.join('\n\n').slice(0, maxChars), truncated };
}

read(workerData).then(
  (result) => parentPort?.postMessage({ ok: true, ...result }),
  (error) => parentPort?.postMessage({ ok: false, message: String(error?.message ?? error) }),
);
