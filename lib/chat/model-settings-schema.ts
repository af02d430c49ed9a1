import { z } from 'zod';
import { MAX_SYSTEM_PROMPT_CHARS, MAX_TOKENS_LIMIT } from './model-settings';

// One schema for the settings route, the chat request (a new conversation's first message), the
// import and the settings dialog, which loads this module only when it validates a form.

// zod probes `new Function` once to decide whether to compile its parsers; under the page's CSP
// (no eval) the probe fails harmlessly but the browser still reports a violation. Skip it.
if (typeof window !== 'undefined') z.config({ jitless: true });

export const modelSettingsShape = {
  systemPrompt: z
    .string()
    .max(
      MAX_SYSTEM_PROMPT_CHARS,
      `The system prompt can be at most ${MAX_SYSTEM_PROMPT_CHARS.toLocaleString('en-US')} characters.`,
    )
    .optional(),
  temperature: z
    .number({ error: 'Temperature must be a number.' })
    .min(0, 'Temperature must be between 0 and 2.')
    .max(2, 'Temperature must be between 0 and 2.')
    .optional(),
  topP: z
    .number({ error: 'Top P must be a number.' })
    .min(0, 'Top P must be between 0 and 1.')
    .max(1, 'Top P must be between 0 and 1.')
    .optional(),
  maxTokens: z
    .number({ error: 'Max tokens must be a number.' })
    .int('Max tokens must be a whole number.')
    .min(1, `Max tokens must be between 1 and ${MAX_TOKENS_LIMIT.toLocaleString('en-US')}.`)
    .max(
      MAX_TOKENS_LIMIT,
      `Max tokens must be between 1 and ${MAX_TOKENS_LIMIT.toLocaleString('en-US')}.`,
    )
    .optional(),
  reasoningEffort: z
    .enum(['low', 'medium', 'high'], { error: 'Reasoning effort must be low, medium or high.' })
    .optional(),
} as const;

export const modelSettingsSchema = z.object(modelSettingsShape).strict();
