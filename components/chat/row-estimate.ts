import type { Item } from '@/lib/chat/turns';

// A first guess at a row's height before it is measured. Only rows never shown use it, and the
// list corrects the scroll position as they measure, so it need not be exact: it should keep the
// scrollbar honest and make the first measurement move things little.

const LINE_PX = 26;
const CHARS_PER_LINE = 80;
const USER_CHROME_PX = 56;
const ASSISTANT_CHROME_PX = 48;
const TOOL_CARD_PX = 46;
const CODE_LINE_PX = 20;
const CODE_CHROME_PX = 56;

function textPx(text: string): number {
  if (text === '') return 0;
  let px = 0;
  // Fenced code keeps its lines; prose wraps.
  const parts = text.split(/^```.*$/m);
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      px += CODE_CHROME_PX + part.split('\n').length * CODE_LINE_PX;
      return;
    }
    for (const line of part.split('\n')) {
      if (line.trim() === '') continue;
      px += Math.ceil(line.length / CHARS_PER_LINE) * LINE_PX + 8;
    }
  });
  return px;
}

export function estimateRowPx(item: Item | null): number {
  if (item === null) return 120;
  if (item.kind === 'user') return USER_CHROME_PX + textPx(item.message.content);
  let px = ASSISTANT_CHROME_PX;
  for (const m of item.messages) {
    if (m.role === 'assistant') {
      px += textPx(m.content);
      px += (m.toolCalls?.length ?? 0) * TOOL_CARD_PX;
      if (m.reasoning) px += 40;
    }
  }
  return px;
}
