import { AssistantTurn } from '@/components/chat/message/assistant-turn';
import type { ChatMessage } from '@/lib/chat/types';

export interface SharedComparisonColumn {
  slot: number;
  model: string | null;
  messages: ChatMessage[];
}

/**
 * A comparison on a shared page: every model's answer to the one question, as columns on a wide
 * screen and a row to swipe through on a narrow one. Plain HTML and CSS (scroll snapping), so it
 * reads the same without JavaScript.
 */
export function SharedComparison({ columns }: { columns: SharedComparisonColumn[] }) {
  return (
    <section
      aria-label={`${columns.length} answers side by side`}
      className="relative left-1/2 w-[min(96rem,calc(100vw-2rem))] -translate-x-1/2"
    >
      <div
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto md:grid md:snap-none md:overflow-visible"
        style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` }}
      >
        {columns.map((column) => (
          <section
            key={column.slot}
            aria-label={`Answer of ${column.model ?? 'a model'}`}
            data-column={column.slot}
            className="flex w-[85%] min-w-0 shrink-0 snap-start flex-col gap-3 rounded-xl border border-zinc-200 p-3 md:w-auto md:shrink dark:border-zinc-800"
          >
            <h2 className="text-sm font-semibold">{column.model ?? 'Model'}</h2>
            <AssistantTurn messages={column.messages} />
          </section>
        ))}
      </div>
    </section>
  );
}
