import { ARCHIVE_FORMAT, CONVERSATION_FORMAT } from './export-types';

// Read in the browser before importing, so the dialog can say what a file holds. The server
// validates the file in full when it is imported; this only counts.

/** How many conversations an export file holds; null when it is not a Parley export. */
export function countExportedConversations(text: string): number | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { format, conversations } = value as { format?: unknown; conversations?: unknown };
  if (format === CONVERSATION_FORMAT) return 1;
  if (format === ARCHIVE_FORMAT && Array.isArray(conversations)) return conversations.length;
  return null;
}

/** "1 conversation", "13 conversations". */
export function conversationsWord(count: number): string {
  return `${count} conversation${count === 1 ? '' : 's'}`;
}
