import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { log } from '@/lib/server/log';
import { imageSize } from 'image-size';

/** The most text kept from one file; what the model gets is trimmed further to its window. */
export const MAX_STORED_TEXT_CHARS = 1_000_000;

/**
 * What reading one PDF may cost. A few hundred KB can expand to gigabytes of content to parse,
 * so pdf.js runs in a worker thread (the instance keeps answering meanwhile) that is stopped
 * past the time, past its heap, or when the process grows by more than `growthMb` while it runs
 * (decoded streams live outside the heap the heap limit counts).
 */
export const PDF_LIMITS = { timeMs: 10_000, heapMb: 192, growthMb: 768, concurrent: 2 };

/** The text, or why there is none: `invalid` is not a PDF at all, `too_costly` hit a limit. */
export type PdfText =
  | { ok: true; text: string; truncated: boolean }
  | { ok: false; reason: 'invalid' | 'too_costly' };

type WorkerAnswer = { ok: true; text: string; truncated: boolean } | { ok: false; message: string };

/** Plain JavaScript loaded by path in tests; Turbopack bundles it as a worker entry. */
function workerFile(): string {
  return path.join(process.cwd(), 'lib', 'server', 'attachments', 'pdf-worker.mjs');
}

// Per process, not shared state: how many workers this instance runs at once, so a burst of
// uploads waits its turn instead of multiplying the memory each may take.
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PDF_LIMITS.concurrent) await new Promise<void>((go) => waiting.push(go));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function runWorker(bytes: Uint8Array, limits: typeof PDF_LIMITS): Promise<PdfText> {
  return new Promise((resolve) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(workerFile(), {
      workerData: { bytes: copy, maxChars: MAX_STORED_TEXT_CHARS },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    const startRss = process.memoryUsage.rss();
    let settled = false;
    const finish = (result: PdfText, why?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      if (why) log.warn({ why }, 'stopped reading a PDF');
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'too_costly' }, `over ${limits.timeMs} ms`),
      limits.timeMs,
    );
    const watch = setInterval(() => {
      const grown = (process.memoryUsage.rss() - startRss) / 1024 / 1024;
      if (grown > limits.growthMb) {
        finish({ ok: false, reason: 'too_costly' }, `memory grew by ${Math.round(grown)} MB`);
      }
    }, 100);
    worker.on('message', (answer: WorkerAnswer) => {
      if (answer.ok) finish(answer);
      else {
        log.warn({ err: new Error(answer.message) }, 'reading a PDF failed');
        finish({ ok: false, reason: 'invalid' });
      }
    });
    // ERR_WORKER_OUT_OF_MEMORY: the heap limit.
    worker.on('error', (error) =>
      finish({ ok: false, reason: 'too_costly' }, (error as NodeJS.ErrnoException).code),
    );
    worker.on('exit', () => finish({ ok: false, reason: 'too_costly' }, 'the worker exited'));
  });
}

/** PDF text, pages separated by blank lines, read off the request's thread within PDF_LIMITS. */
export async function extractPdfText(
  bytes: Uint8Array,
  limits: typeof PDF_LIMITS = PDF_LIMITS,
): Promise<PdfText> {
  // An import whose earlier files used up its time reads no more (export/import-files.ts).
  if (limits.timeMs <= 0) return { ok: false, reason: 'too_costly' };
  return withSlot(() => runWorker(bytes, limits));
}

export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height, orientation } = imageSize(bytes);
    if (!width || !height) return null;
    // EXIF orientations 5–8 turn the picture a quarter: the shown size is swapped.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  }
}
