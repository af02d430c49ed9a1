import { z } from 'zod';
import { modelSettingsSchema } from '@/lib/chat/model-settings-schema';
import { PROVIDER_NAME } from '@/lib/server/config/providers';
import { chatParamsSchema, MAX_MESSAGE_CHARS } from '../schema';

export const MAX_BODY_BYTES = 512 * 1024;
/** How many models one question may be put to at once. */
export const MAX_COMPARED = 4;

const modelChoice = z
  .object({
    provider: z.string().regex(PROVIDER_NAME, 'A provider is named by its configured name.'),
    model: z.string().min(1).max(200),
  })
  .strict();

/** One question to several models at once (a comparison): each answers in its own branch. */
export const compareRequestSchema = z
  .object({
    conversationId: z.uuid().optional(),
    content: z
      .string()
      .max(MAX_MESSAGE_CHARS, `A message can be at most ${MAX_MESSAGE_CHARS} characters.`)
      .optional(),
    models: z
      .array(modelChoice)
      .min(2, 'Compare at least two models.')
      .max(MAX_COMPARED, `Compare at most ${MAX_COMPARED} models at once.`)
      .refine(
        (list) => new Set(list.map((m) => `${m.provider}\n${m.model}`)).size === list.length,
        'Pick each model once.',
      ),
    settings: modelSettingsSchema.optional(),
    params: chatParamsSchema.optional(),
    tools: z.array(z.string().max(128)).max(200).optional(),
    timeZone: z.string().max(64).optional(),
    attachments: z.array(z.uuid()).max(50).optional(),
  })
  .strict()
  .refine((b) => !!b.content?.trim() || !!b.attachments?.length, {
    message: 'Send a non-empty message (or attachments).',
    path: ['content'],
  });

export type CompareRequest = z.infer<typeof compareRequestSchema>;
