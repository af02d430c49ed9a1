import 'server-only';
import { log } from '@/lib/server/log';
import { imageSize } from 'image-size';

/** The most text kept from one file; what the model gets is trimmed further to its window. */
export const MAX_STORED_TEXT_CHARS = 1_000_000;

/** PDF text, pages separated by blank lines; null when the file cannot be read as a PDF. */
export async function extractPdfText(bytes: Uint8Array): Promise<string | null> {
  try {
    // Loaded on first use: pdf.js is large and most requests never need it.
    const { extractText, getDocumentProxy } = await import('unpdf');
    // pdf.js takes ownership of (detaches) the buffer it is given, so it reads a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: false });
    await pdf.cleanup();
    return text
      .map((page) => page.trim())
      .join('\n\n')
      .slice(0, MAX_STORED_TEXT_CHARS);
  } catch (error) {
    log.warn({ err: error }, 'reading a PDF failed');
    return null;
  }
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
