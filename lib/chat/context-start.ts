import type { ChatMessage } from './types';

/**
 * Where the model's view of the shown branch begins: the first message its latest answer was
 * sent, when older ones were left out to fit its context window. Null when it saw everything.
 */
export function contextStartOf(messages: readonly ChatMessage[]): string | null {
  const id = messages.findLast((m) => m.role === 'assistant')?.contextStartId;
  if (!id) return null;
  const at = messages.findIndex((m) => m.id === id);
  // Not shown (another branch), or nothing before it: no divider to draw.
  return at > 0 ? id : null;
}
