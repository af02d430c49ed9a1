import { z } from 'zod';
import type { ConversationSettings, ReasoningEffort } from './types';

// The per-conversation model settings (system prompt, sampling, reasoning effort). One schema for
// the settings route, the chat request (a new conversation's first message) and the dialog.

export const MAX_SYSTEM_PROMPT_CHARS = 20_000;
export const MAX_TOKENS_LIMIT = 1_000_000;
export const REASONING_EFFORTS: readonly ReasoningEffort[] = ['low', 'medium', 'high'];

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

export type ModelSettings = Pick<
  ConversationSettings,
  'systemPrompt' | 'temperature' | 'topP' | 'maxTokens' | 'reasoningEffort'
>;

export const MODEL_SETTING_KEYS = [
  'systemPrompt',
  'temperature',
  'topP',
  'maxTokens',
  'reasoningEffort',
] as const satisfies readonly (keyof ModelSettings)[];

/** The model settings of `settings`, without unset fields (an empty prompt counts as unset). */
export function pickModelSettings(settings: ConversationSettings): ModelSettings {
  const out: ModelSettings = {};
  if (settings.systemPrompt?.trim()) out.systemPrompt = settings.systemPrompt;
  if (settings.temperature !== undefined) out.temperature = settings.temperature;
  if (settings.topP !== undefined) out.topP = settings.topP;
  if (settings.maxTokens !== undefined) out.maxTokens = settings.maxTokens;
  if (settings.reasoningEffort !== undefined) out.reasoningEffort = settings.reasoningEffort;
  return out;
}
