import remend, { type RemendOptions } from 'remend';
import { type Fence, fenceCloses, fenceOpen } from './fences';

// While a message streams, its tail is often half-written markdown. Inline markers (`**`, `_`,
// `` ` ``, `[text](`) are closed by remend (streamdown's repairer), so they never flash as literal
// text. Fences are handled here because the code block must know where an open one starts:
// "``" renders as literal text before it becomes a fence, and a half-typed closing fence shows up
// inside the code, so those partial markers are trimmed and an open fence is closed.

// An unfinished link shows its text only (no placeholder URL); images and math wait until they
// are complete (math has its own normalisation).
const INLINE: RemendOptions = {
  linkMode: 'text-only',
  images: false,
  katex: false,
  inlineKatex: false,
};

export interface RepairedMarkdown {
  text: string;
  /** Offset of the line that opens a still-unterminated code fence, or null when all are closed. */
  openFenceStart: number | null;
}

const PARTIAL_OPENER = /^[ \t]*(`{1,2}|~{1,2})$/;

export function repairStreamingMarkdown(text: string): RepairedMarkdown {
  let fence: Fence | null = null;
  let fenceStart = 0;
  let offset = 0;
  const lastBreak = text.lastIndexOf('\n');
  const complete = lastBreak === -1 ? '' : text.slice(0, lastBreak + 1);
  let tail = lastBreak === -1 ? text : text.slice(lastBreak + 1);

  for (const line of complete.split('\n').slice(0, -1)) {
    if (fence) {
      if (fenceCloses(line, fence)) fence = null;
    } else {
      fence = fenceOpen(line);
      if (fence) fenceStart = offset;
    }
    offset += line.length + 1;
  }

  // The unterminated last line: a partial fence marker is dropped until it is decided.
  if (fence) {
    if (fenceCloses(tail, fence)) {
      fence = null;
    } else if (isPartialCloser(tail, fence)) {
      tail = '';
    }
  } else if (PARTIAL_OPENER.test(tail)) {
    tail = '';
  } else {
    fence = fenceOpen(tail);
    if (fence) fenceStart = offset;
  }

  const body = complete + tail;
  // Inside an open fence the tail is code: nothing inline to repair, and offsets stay exact.
  if (!fence) return { text: remend(body, INLINE), openFenceStart: null };
  const separator = body.endsWith('\n') ? '' : '\n';
  return {
    text: `${body}${separator}${fence.indent}${fence.char.repeat(fence.length)}`,
    openFenceStart: fenceStart,
  };
}

function isPartialCloser(line: string, fence: Fence): boolean {
  const trimmed = line.trim();
  return (
    trimmed.length > 0 &&
    trimmed.length < fence.length &&
    /^(`+|~+)$/.test(trimmed) &&
    trimmed[0] === fence.char
  );
}
