// Content-filter annotations (Azure OpenAI and servers that copy it): every chunk may carry
// `content_filter_results` per choice and `prompt_filter_results` for the prompt, one entry per
// category ({hate: {filtered, severity}, …}). Any `filtered: true` means the provider's filter
// stopped or cut the answer, whatever finish_reason says (some servers just end the stream).

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether one annotation object flags anything: `{filtered: true}` or a flagged category. */
export function filterFlagged(results: unknown): boolean {
  if (!isRecord(results)) return false;
  if (results.filtered === true) return true;
  return Object.values(results).some((v) => isRecord(v) && v.filtered === true);
}

/** Whether a chunk's prompt annotations (`prompt_filter_results`, older `prompt_annotations`) flag anything. */
export function promptFlagged(chunk: Record<string, unknown>): boolean {
  for (const key of ['prompt_filter_results', 'prompt_annotations']) {
    const list = chunk[key];
    if (!Array.isArray(list)) continue;
    if (list.some((entry) => isRecord(entry) && filterFlagged(entry.content_filter_results))) {
      return true;
    }
  }
  return false;
}

/** The canonical annotation `step()` emits, so a replay of normalized chunks sees it too. */
export const FLAGGED = { filtered: true } as const;
