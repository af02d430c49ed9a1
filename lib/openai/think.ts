// Reasoning sent inside `content`: open models served without a reasoning parser (vLLM, llama.cpp,
// Ollama, LM Studio, …) open their answer with a `<think>…</think>` block. A block that opens the
// content (after optional whitespace) is reasoning; a think tag anywhere else is ordinary text.
//
// The scan is incremental and pure: text that might still turn out to be (part of) a tag, or
// whitespace that trimming might drop, is held back in `pending` until the next delta decides, so
// no piece of a tag ever reaches the answer, not even for one delta.

const OPEN = '<think>';
const CLOSE = '</think>';

/**
 * `start`: only whitespace (or the beginning of `<think>`) so far; `think`: inside the block;
 * `after`: the block closed, dropping the whitespace before the answer; `answer`: plain text.
 */
export type ThinkPhase = 'start' | 'think' | 'after' | 'answer';

export interface ThinkScan {
  phase: ThinkPhase;
  /** Received but not yet given out. */
  pending: string;
  /** Whether any reasoning text of the block was given out (leading whitespace is trimmed). */
  started: boolean;
}

export interface ThinkStep {
  scan: ThinkScan;
  /** Answer text to append; "" when none. */
  content: string;
  /** Reasoning text to append; "" when none. */
  reasoning: string;
}

export const THINK_START: ThinkScan = { phase: 'start', pending: '', started: false };

const ANSWER: ThinkScan = { phase: 'answer', pending: '', started: false };

/** Length of the longest end of `text` that is the beginning of `tag` (shorter than the tag). */
function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

function inBlock(buffer: string, started: boolean): ThinkStep {
  const close = buffer.indexOf(CLOSE);
  if (close !== -1) {
    const inner = buffer.slice(0, close).trimEnd();
    const reasoning = started ? inner : inner.trimStart();
    const answer = buffer.slice(close + CLOSE.length).trimStart();
    return answer === ''
      ? { scan: { phase: 'after', pending: '', started: true }, content: '', reasoning }
      : { scan: ANSWER, content: answer, reasoning };
  }
  // Hold back a possible beginning of `</think>` and trailing whitespace (trimmed at the close).
  const held = partialTagAtEnd(buffer, CLOSE);
  const body = buffer.slice(0, buffer.length - held);
  let out = body.trimEnd();
  const pending = body.slice(out.length) + buffer.slice(buffer.length - held);
  if (!started) out = out.trimStart();
  return {
    scan: { phase: 'think', pending, started: started || out !== '' },
    content: '',
    reasoning: out,
  };
}

/** Feeds one delta's content text through the scan. */
export function scanThink(scan: ThinkScan, text: string): ThinkStep {
  if (text === '') return { scan, content: '', reasoning: '' };
  switch (scan.phase) {
    case 'answer':
      return { scan, content: text, reasoning: '' };
    case 'after': {
      const answer = text.trimStart();
      return answer === ''
        ? { scan, content: '', reasoning: '' }
        : { scan: ANSWER, content: answer, reasoning: '' };
    }
    case 'think':
      return inBlock(scan.pending + text, scan.started);
    default: {
      const buffer = scan.pending + text;
      const rest = buffer.trimStart();
      if (rest === '' || (rest.length < OPEN.length && OPEN.startsWith(rest))) {
        return { scan: { ...scan, pending: buffer }, content: '', reasoning: '' };
      }
      if (rest.startsWith(OPEN)) return inBlock(rest.slice(OPEN.length), false);
      return { scan: ANSWER, content: buffer, reasoning: '' };
    }
  }
}

/**
 * The stream ended: gives out what was held back. Whitespace or a partial `<think` that never
 * became a block is answer text; a block that never closed keeps what arrived as reasoning.
 */
export function endThink(scan: ThinkScan): ThinkStep {
  if (scan.phase === 'start') return { scan: ANSWER, content: scan.pending, reasoning: '' };
  if (scan.phase === 'think') {
    const rest = scan.pending.trimEnd();
    return { scan: ANSWER, content: '', reasoning: scan.started ? rest : rest.trimStart() };
  }
  return { scan, content: '', reasoning: '' };
}

/**
 * Splits a whole text (a saved or imported answer) the same way: for answers written before
 * Parley understood think blocks, so their reasoning is never sent back to the model.
 */
export function splitThink(text: string): { content: string; reasoning: string } {
  const step = scanThink(THINK_START, text);
  const end = endThink(step.scan);
  return { content: step.content + end.content, reasoning: step.reasoning + end.reasoning };
}
