// Conversation titles: the provisional one (from the first message) and the clean-up of a
// model-written one. Pure; shared by the server and the rename editor.
import { cleanLabel } from './text-hygiene';

/** Longest title a rename may set. */
export const MAX_TITLE_LENGTH = 200;

/** The title a new conversation gets at once: its first message, on one line. */
export function provisionalTitle(text: string): string {
  const line = cleanLabel(text);
  return line.length > 80 ? `${line.slice(0, 77)}…` : line;
}

/**
 * A model's answer to "write a title", made fit for the sidebar: first line only, no label,
 * quotes, markdown or final full stop; null when nothing usable is left.
 */
export function cleanGeneratedTitle(raw: string, maxLength = 80): string | null {
  const line =
    raw
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 0) ?? '';
  let title = cleanLabel(line)
    .replace(/^(?:#+\s*)?(?:\*\*)?title(?:\*\*)?\s*[:：]\s*/i, '')
    .replace(/[*_`#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Quotes around the whole title (possibly nested) and a final full stop, inside or outside.
  for (;;) {
    const next = title
      .replace(/[.。!！]+$/u, '')
      .replace(/^(["'“”‘’「『«])(.*)(["'“”‘’」』»])$/u, '$2')
      .trim();
    if (next === title) break;
    title = next;
  }
  if (title.length === 0) return null;
  return title.length > maxLength ? `${title.slice(0, maxLength - 1).trimEnd()}…` : title;
}

/**
 * The system prompt of a title request. The offline demo model recognises it (lib/server/providers/demo/reply.ts),
 * so keep the two in step.
 */
export const TITLE_SYSTEM_PROMPT =
  'Write a 3–6 word title for the conversation below, in the language of the conversation. ' +
  'Reply with the title only: no quotes, no label, no final full stop.';

/** The last (user) message of a title request, after the exchange itself. */
export const TITLE_INSTRUCTION = 'Write the title for the conversation above.';
