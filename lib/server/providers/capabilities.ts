// What Parley assumes about a model it cannot ask: its context size and whether it accepts
// `reasoning_effort`. Configuration always wins over these guesses. Pure.

/** Used for a model nobody configured and the table below does not know. */
export const DEFAULT_CONTEXT_WINDOW = 8_192;

// Well-known hosted models, matched by id prefix (longest prefix wins) on the id's last path
// segment, so `openai/gpt-4o-mini` (OpenRouter) matches `gpt-4o-mini` too. Deliberately no local
// model families: Ollama, llama.cpp and LM Studio run them with much smaller windows than the
// model supports, so for them the safe small default is better than the model's nominal size.
const KNOWN_CONTEXT_WINDOWS: readonly [prefix: string, tokens: number][] = [
  ['gpt-3.5-turbo', 16_385],
  ['gpt-4', 8_192],
  ['gpt-4-32k', 32_768],
  ['gpt-4-turbo', 128_000],
  ['gpt-4o', 128_000],
  ['gpt-4.1', 1_047_576],
  ['gpt-4.5', 128_000],
  ['gpt-5', 400_000],
  ['gpt-oss', 131_072],
  ['o1', 200_000],
  ['o1-mini', 128_000],
  ['o1-preview', 128_000],
  ['o3', 200_000],
  ['o4-mini', 200_000],
  ['claude', 200_000],
  ['gemini-1.5', 1_048_576],
  ['gemini-2', 1_048_576],
  ['deepseek-chat', 65_536],
  ['deepseek-reasoner', 65_536],
  ['mistral-large', 131_072],
  ['mistral-small', 32_768],
  ['llama-3.1-8b-instant', 131_072],
  ['llama-3.3-70b-versatile', 131_072],
  ['grok', 131_072],
];

function baseId(model: string): string {
  return (model.split('/').at(-1) ?? model).toLowerCase();
}

/** The built-in table's size for `model`, or null when it does not know the model. */
export function knownContextWindow(model: string): number | null {
  const id = baseId(model);
  let best: [string, number] | null = null;
  for (const [prefix, tokens] of KNOWN_CONTEXT_WINDOWS) {
    const rest = id.slice(prefix.length);
    if (id.startsWith(prefix) && (rest === '' || /^[-:.]/.test(rest))) {
      if (!best || prefix.length > best[0].length) best = [prefix, tokens];
    }
  }
  return best?.[1] ?? null;
}

/**
 * A model's context size: the provider's entry for the model, then CONTEXT_WINDOWS' entry, then
 * the provider's `*`, then the built-in table, then CONTEXT_WINDOWS' `*`, then 8,192.
 */
export function contextWindowFor(
  model: string,
  provider: Readonly<Record<string, number>>,
  global: Readonly<Record<string, number>>,
): number {
  return (
    provider[model] ??
    global[model] ??
    provider['*'] ??
    knownContextWindow(model) ??
    global['*'] ??
    DEFAULT_CONTEXT_WINDOW
  );
}

// Models whose OpenAI-compatible API takes `reasoning_effort: low|medium|high`: OpenAI's o1
// (not o1-mini/preview), o3, o4-mini and gpt-5 families, gpt-oss (Groq, OpenRouter, vLLM) and
// Gemini 2.5. Left out on purpose: deepseek-reasoner (always reasons, takes no effort) and
// grok-3-mini (accepts only low/high). A provider's `reasoningModels` replaces this guess.
const REASONING_EFFORT_IDS = /^(o1|o3|o3-mini|o3-pro|o4-mini|gpt-5|gpt-oss|gemini-2\.5)(?:[-:.]|$)/;
const NO_REASONING_EFFORT = /^(o1-mini|o1-preview|gpt-5-chat)/;

/** Whether to send `reasoning_effort` to `model`; `configured` is the provider's list, if any. */
export function supportsReasoningEffort(
  model: string,
  configured: readonly string[] | null,
): boolean {
  if (configured) return configured.includes(model);
  const id = baseId(model);
  return REASONING_EFFORT_IDS.test(id) && !NO_REASONING_EFFORT.test(id);
}

// OpenAI's o-series and gpt-5 reject `max_tokens` ("use max_completion_tokens instead").
const MAX_COMPLETION_TOKENS_IDS = /^(o1|o3|o4|gpt-5)(?:[-:.]|$)/;

/** Whether the reply limit must be sent as `max_completion_tokens` rather than `max_tokens`. */
export function usesMaxCompletionTokens(model: string): boolean {
  return MAX_COMPLETION_TOKENS_IDS.test(baseId(model));
}

// Models known to accept `image_url` parts, matched on the id's last path segment: OpenAI's
// gpt-4o/4.1/4.5/5 families, gpt-4-turbo, o1, o3 and o4-mini; Claude 3 and later; Gemini;
// Grok's vision models; Pixtral and Mistral Small 3.1+; the common open vision models (LLaVA,
// Llama 3.2 Vision, Llama 4, Qwen-VL, Gemma 3, MiniCPM-V, Moondream). Anything else is assumed
// blind: an image sent to a blind model fails the whole request, a description does not.
const VISION_IDS =
  /^(gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-4-turbo|gpt-4-vision|o1|o3|o4-mini|chatgpt-4o|claude-(3|sonnet|opus|haiku)|claude-[4-9]|gemini|grok-.*vision|grok-4|pixtral|mistral-small-3\.[1-9]|mistral-medium-3|llava|bakllava|llama-?3\.2-.*vision|llama3\.2-vision|llama-4|qwen.*vl|gemma-?3|minicpm-v|moondream)/;
const NO_VISION_IDS = /^(o1-mini|o1-preview|o3-mini|gpt-4o-audio|gpt-4o-realtime|gpt-5-chat-audio)/;

/**
 * Whether `model` may be sent images. `configured` is the provider's `vision` setting: true or
 * false for all of its models, or a list of model ids; null = guess from the id.
 */
export function supportsVision(
  model: string,
  configured: boolean | readonly string[] | null,
): boolean {
  if (typeof configured === 'boolean') return configured;
  if (configured) return configured.includes(model);
  const id = baseId(model);
  return VISION_IDS.test(id) && !NO_VISION_IDS.test(id);
}
