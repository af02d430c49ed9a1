import { z } from 'zod';
import {
  MAX_ASSISTANT_AVATAR,
  MAX_ASSISTANT_DESCRIPTION,
  MAX_ASSISTANT_FILES,
  MAX_ASSISTANT_NAME,
  MAX_STARTER_CHARS,
  MAX_STARTERS,
} from './assistants';
import { modelSettingsShape } from './model-settings-schema';
import { cleanLabel } from './text-hygiene';

// One schema for an assistant's fields wherever they come from: the routes (create, edit), the
// deployment's ASSISTANTS configuration and imports. Names, descriptions, avatars and starters
// are plain text: labels are cleaned, and the browser only ever renders them as text.

const label = (what: string, max: number, min = 0) =>
  z
    .string()
    .transform(cleanLabel)
    .pipe(
      z
        .string()
        .min(min, `The ${what} cannot be empty.`)
        .max(max, `The ${what} can be at most ${max} characters.`),
    );

export const assistantSettingsSchema = z
  .object({
    temperature: modelSettingsShape.temperature,
    topP: modelSettingsShape.topP,
    maxTokens: modelSettingsShape.maxTokens,
    reasoningEffort: modelSettingsShape.reasoningEffort,
  })
  .strict();

/** The fields of an assistant, as a user or the configuration gives them. */
export const assistantFieldsShape = {
  name: label('name', MAX_ASSISTANT_NAME, 1),
  description: label('description', MAX_ASSISTANT_DESCRIPTION).default(''),
  avatar: label('avatar', MAX_ASSISTANT_AVATAR).default(''),
  systemPrompt: z
    .string()
    .trim()
    .min(1, 'The system prompt cannot be empty.')
    .pipe(modelSettingsShape.systemPrompt.unwrap()),
  /** A configured provider's name ("default" = the default provider). */
  provider: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, 'A provider is named by its configured name.')
    .nullish()
    .transform((v) => (v === 'default' ? null : (v ?? null))),
  model: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .nullish()
    .transform((v) => v ?? null),
  settings: assistantSettingsSchema.default({}),
  /** Tool names; absent = the conversation default. */
  tools: z
    .array(z.string().min(1).max(128))
    .max(200)
    .nullish()
    .transform((v) => v ?? null),
  starters: z
    .array(label('starter', MAX_STARTER_CHARS, 1))
    .max(MAX_STARTERS, `An assistant has at most ${MAX_STARTERS} starters.`)
    .default([]),
} as const;

/** Create / replace: the fields, plus the reference files by id (an upload, or a file kept). */
export const assistantInputSchema = z
  .object({
    ...assistantFieldsShape,
    files: z
      .array(z.uuid())
      .max(MAX_ASSISTANT_FILES, `An assistant has at most ${MAX_ASSISTANT_FILES} files.`)
      .default([]),
  })
  .strict();

export type AssistantInput = z.infer<typeof assistantInputSchema>;

/** A configured assistant (ASSISTANTS): the same fields, without files. */
export const configuredAssistantSchema = z.object(assistantFieldsShape).strict();
export type ConfiguredAssistantInput = z.infer<typeof configuredAssistantSchema>;
