// Messages between the page and the highlighting worker (highlight.worker.ts): the page asks
// for the tokens of one code block, the worker answers with the same id.
import type { HighlightedLines } from './highlight';

export interface HighlightRequest {
  id: number;
  code: string;
  language: string;
}

export interface HighlightResponse {
  id: number;
  /** Null: unknown language, too large, or highlighting failed (the block stays plain). */
  lines: HighlightedLines | null;
}

/** The worker's side: tokens for one request; never throws. */
export async function answerHighlight(
  request: HighlightRequest,
  highlight: (code: string, language: string) => Promise<HighlightedLines | null>,
): Promise<HighlightResponse> {
  try {
    return { id: request.id, lines: await highlight(request.code, request.language) };
  } catch {
    return { id: request.id, lines: null };
  }
}
