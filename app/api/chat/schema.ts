import { z } from 'zod';
import { PROVIDER_NAME } from '@/lib/server/config/providers';
import { modelSettingsSchema } from '@/lib/chat/model-settings-schema';

export const MAX_MESSAGE_CHARS = 100_000;
export const MAX_BODY_BYTES = 512 * 1024;

export const chatParamsSchema = z
  .object({
    temperature: z.number().min(0).max(2).optional(),
    top_p: z.number().min(0).max(1).optional(),
    max_tokens: z.number().int().min(1).max(1_000_000).optional(),
  })
  .strict();

/**
 * A new user message; a retry/regenerate of an answer (`retryOf`: a new sibling of that answer);
 * or an edit of a user message (`editOf` + `content`: a new sibling of that message, answered).
 */
export const chatRequestSchema = z
  .object({
    conversationId: z.uuid().optional(),
    content: z
      .string()
      .max(MAX_MESSAGE_CHARS, `A message can be at most ${MAX_MESSAGE_CHARS} characters.`)
      .optional(),
    retryOf: z.uuid().optional(),
    editOf: z.uuid().optional(),
    /** A configured provider's name; never a URL (the server only calls what it configured). */
    provider: z
      .string()
      .regex(PROVIDER_NAME, 'A provider is named by its configured name.')
      .optional(),
    model: z.string().min(1).max(200).optional(),
    /** Model settings for a NEW conversation (an existing one keeps its own). */
    settings: modelSettingsSchema.optional(),
    params: chatParamsSchema.optional(),
    /** Tools enabled for a NEW conversation (an existing one keeps its settings). */
    tools: z.array(z.string().max(128)).max(200).optional(),
    timeZone: z.string().max(64).optional(),
    /**
     * A NEW conversation started from an assistant (the caller's or a configured one): its model,
     * settings, tools, system prompt and files are copied into the conversation.
     */
    assistantId: z
      .string()
      .regex(/^(?:[0-9a-f-]{36}|config-[a-z0-9-]{1,50})$/, 'An assistant is named by its id.')
      .optional(),
    /** Ids of the user's uploads (POST /api/attachments) sent with a new or edited message. */
    attachments: z.array(z.uuid()).max(50).optional(),
  })
  .strict()
  .refine(
    (b) =>
      b.retryOf
        ? b.content === undefined && !b.attachments?.length
        : !!b.content?.trim() || !!b.attachments?.length,
    {
      message: 'Send either a non-empty message (or attachments) or the id of an answer to retry.',
      path: ['content'],
    },
  )
  .refine((b) => !b.retryOf || b.conversationId, {
    message: 'A retry needs its conversation id.',
    path: ['conversationId'],
  })
  .refine((b) => !(b.retryOf && b.editOf), {
    message: 'Send either a retry or an edit, not both.',
    path: ['editOf'],
  })
  .refine((b) => !b.editOf || b.conversationId, {
    message: 'An edit needs its conversation id.',
    path: ['conversationId'],
  });

export type ChatRequest = z.infer<typeof chatRequestSchema>;
