// Merges streamed tool-call fragments into a dense list. Providers key fragments by `index`, but
// the index may be missing (then the id decides), may start above 0 or skip numbers, and the
// same index may repeat inside one delta; `id`/`type`/`name` usually arrive only once.
import type { NormalizedToolCallDelta, ToolCall, ToolCallFragment } from './types';

/** Provider tool-call index → position in the dense `toolCalls` list, for one choice. */
export type ToolSlots = Readonly<Record<number, number>>;

export interface ToolCallMerge {
  toolCalls: ToolCall[];
  slots: ToolSlots;
  /** The fragments re-keyed to dense positions, carrying only what changed the state. */
  normalized: NormalizedToolCallDelta[];
}

function argumentsText(args: unknown): string {
  if (typeof args === 'string') return args;
  // Already-parsed arguments (some gateways) are re-serialised once, on arrival.
  if (args !== null && typeof args === 'object') return JSON.stringify(args);
  return '';
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Applies `fragments` in order. Returns the inputs unchanged (same references) when nothing
 * changed, so callers can compare by identity.
 */
export function mergeToolCalls(
  toolCalls: ToolCall[],
  slots: ToolSlots,
  fragments: readonly ToolCallFragment[],
): ToolCallMerge {
  let calls = toolCalls;
  let callsCopied = false;
  let nextSlots = slots;
  const normalized: NormalizedToolCallDelta[] = [];
  // Copy the list at most once per call, and only if a fragment changes something.
  const writable = (): ToolCall[] => {
    if (!callsCopied) {
      calls = calls.slice();
      callsCopied = true;
    }
    return calls;
  };

  for (const fragment of fragments) {
    const id = nonEmpty(fragment.id);
    const index = typeof fragment.index === 'number' ? fragment.index : undefined;
    let position: number | undefined;
    if (index !== undefined) position = nextSlots[index];
    else if (id !== undefined) {
      const found = calls.findIndex((c) => c.id === id);
      if (found !== -1) position = found;
    }

    const fn = fragment.function;
    const name = nonEmpty(fn?.name);
    const args = argumentsText(fn?.arguments);
    const out: NormalizedToolCallDelta = { index: 0, function: {} };

    const existing = position === undefined ? undefined : calls[position];
    if (position === undefined || existing === undefined) {
      position = calls.length;
      const type = nonEmpty(fragment.type) ?? 'function';
      writable().push({ id: id ?? '', type, function: { name: name ?? '', arguments: args } });
      if (index !== undefined) nextSlots = { ...nextSlots, [index]: position };
      if (id !== undefined) out.id = id;
      out.type = type;
      if (name !== undefined) out.function.name = name;
      if (args !== '') out.function.arguments = args;
    } else {
      // Set-once fields: a later fragment may fill a blank, never replace a value.
      const setId = existing.id === '' && id !== undefined;
      const setName = existing.function.name === '' && name !== undefined;
      if (setId || setName || args !== '') {
        writable()[position] = {
          ...existing,
          id: setId && id !== undefined ? id : existing.id,
          function: {
            name: setName && name !== undefined ? name : existing.function.name,
            arguments: existing.function.arguments + args,
          },
        };
      }
      if (setId) out.id = id;
      if (setName) out.function.name = name;
      if (args !== '') out.function.arguments = args;
    }
    out.index = position;
    // A fragment that added nothing (e.g. `arguments: ""` on a known call) is not re-emitted.
    if (
      out.type !== undefined ||
      out.id !== undefined ||
      out.function.name !== undefined ||
      out.function.arguments !== undefined
    ) {
      normalized.push(out);
    }
  }

  return { toolCalls: calls, slots: nextSlots, normalized };
}
