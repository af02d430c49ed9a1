import type { ToolCardStatus } from '@/lib/chat/turns';

// Pure text helpers for tool-call cards.

/** The badge text for each card status; the status is always spelled out, never colour only. */
export const STATUS_LABEL: Record<ToolCardStatus, string> = {
  streaming: 'Arguments streaming…',
  running: 'Running…',
  done: 'Done',
  error: 'Error',
  not_executed: 'Not executed',
  awaiting_approval: 'Awaiting approval',
  denied: 'Denied',
};

/** "0.4 s", "12 s", "2 min 5 s"; null when unknown. */
export function formatDuration(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return null;
  if (ms < 100) return '< 0.1 s';
  if (ms < 9_950) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** A tool result for display: JSON objects and arrays pretty-printed, anything else as sent. */
export function formatResult(content: string): { text: string; json: boolean } {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { text: JSON.stringify(JSON.parse(trimmed), null, 2), json: true };
    } catch {
      // Looked like JSON but is not: show the text.
    }
  }
  return { text: content, json: false };
}

export const CLIP_LINES = 40;
export const CLIP_CHARS = 4_000;

export interface Clipped {
  /** The start of the text, shown until the reader asks for all of it. */
  preview: string;
  clipped: boolean;
  totalLines: number;
}

/** Clips long output to its first `maxLines` lines and at most `maxChars` characters. */
export function clipText(text: string, maxLines = CLIP_LINES, maxChars = CLIP_CHARS): Clipped {
  const lines = text.split('\n');
  const totalLines = lines.length;
  if (totalLines <= maxLines && text.length <= maxChars) {
    return { preview: text, clipped: false, totalLines };
  }
  let preview = lines.slice(0, maxLines).join('\n');
  if (preview.length > maxChars) {
    let cut = maxChars;
    const code = preview.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut--;
    preview = preview.slice(0, cut);
  }
  return { preview, clipped: true, totalLines };
}
