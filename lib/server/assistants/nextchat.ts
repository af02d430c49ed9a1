import 'server-only';
import { z } from 'zod';
import { type AssistantInput, assistantInputSchema } from '@/lib/chat/assistant-schema';

// NextChat's masks (its "export" of masks: a JSON array, or one mask) as Parley assistants. A
// mask is { name, avatar (an emoji's code points, e.g. "1f47e"), context: [{ role, content }],
// modelConfig: { model, temperature, top_p, max_tokens, … }, lang, builtin }. System messages
// become the system prompt; other context messages (its few-shot examples) follow it as an
// example exchange. Pure.

const text = z.union([
  z.string(),
  // Multimodal content: its text parts.
  z.array(z.looseObject({ type: z.string().optional(), text: z.string().optional() })),
]);

const maskSchema = z.looseObject({
  name: z.string(),
  avatar: z.string().optional(),
  context: z
    .array(z.looseObject({ role: z.string(), content: text.optional() }))
    .optional()
    .default([]),
  modelConfig: z
    .looseObject({
      model: z.string().optional(),
      temperature: z.number().optional(),
      top_p: z.number().optional(),
      max_tokens: z.number().optional(),
    })
    .optional()
    .default({}),
});

export const nextChatFileSchema = z.union([
  z.array(z.unknown()).max(500),
  z.looseObject({ name: z.string() }),
]);

export interface MaskImport {
  assistants: AssistantInput[];
  /** Masks that could not become assistants, with the reason. */
  skipped: { index: number; name: string; reason: string }[];
}

/** "1f1e9-1f1ea" → "🇩🇪"; NextChat's default robot ("gpt-bot") and junk → none. */
export function emojiFromCodes(avatar: string | undefined): string {
  if (!avatar || !/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(avatar)) return '';
  try {
    return String.fromCodePoint(...avatar.split('-').map((h) => Number.parseInt(h, 16)));
  } catch {
    return '';
  }
}

const contentText = (content: z.infer<typeof text> | undefined): string =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((p) => (p.type === 'text' || !p.type ? (p.text ?? '') : '')).join('');

function promptOf(context: z.infer<typeof maskSchema>['context']): string {
  const system = context
    .filter((m) => m.role === 'system')
    .map((m) => contentText(m.content).trim())
    .filter(Boolean);
  const examples = context
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => `${m.role === 'user' ? 'User' : 'Assistant'}: ${contentText(m.content).trim()}`);
  return [
    ...system,
    ...(examples.length > 0 ? [`Example exchange:\n${examples.join('\n')}`] : []),
  ].join('\n\n');
}

const inRange = (v: number | undefined, min: number, max: number) =>
  v !== undefined && Number.isFinite(v) && v >= min && v <= max ? v : undefined;

export function masksToAssistants(file: unknown): MaskImport {
  const list = Array.isArray(file) ? file : [file];
  const out: MaskImport = { assistants: [], skipped: [] };
  list.forEach((item, index) => {
    const mask = maskSchema.safeParse(item);
    const name = mask.success ? mask.data.name : `#${index + 1}`;
    if (!mask.success) {
      out.skipped.push({ index, name, reason: 'Not a NextChat mask.' });
      return;
    }
    const m = mask.data;
    const maxTokens = inRange(m.modelConfig.max_tokens, 1, 1_000_000);
    const candidate = {
      name: m.name,
      avatar: emojiFromCodes(m.avatar),
      systemPrompt: promptOf(m.context),
      model: m.modelConfig.model?.trim() || null,
      settings: {
        temperature: inRange(m.modelConfig.temperature, 0, 2),
        topP: inRange(m.modelConfig.top_p, 0, 1),
        maxTokens: maxTokens === undefined ? undefined : Math.floor(maxTokens),
      },
    };
    const parsed = assistantInputSchema.safeParse(candidate);
    if (parsed.success) out.assistants.push(parsed.data);
    else out.skipped.push({ index, name, reason: parsed.error.issues[0]?.message ?? 'Invalid.' });
  });
  return out;
}
