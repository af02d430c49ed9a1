import type { ConversationAssistant, ReasoningEffort } from './types';

// Assistants as both sides see them: a reusable system prompt with its model, settings, tools,
// reference files and starter prompts. Pure; the zod schema is in assistant-schema.ts.

export const MAX_ASSISTANT_NAME = 80;
export const MAX_ASSISTANT_DESCRIPTION = 500;
export const MAX_ASSISTANT_AVATAR = 16;
export const MAX_STARTERS = 4;
export const MAX_STARTER_CHARS = 300;
export const MAX_ASSISTANT_FILES = 4;
/** Characters of extracted text kept per reference file. */
export const MAX_ASSISTANT_FILE_CHARS = 50_000;

/** Sampling and reasoning settings an assistant carries (its system prompt is apart). */
export interface AssistantSettings {
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  reasoningEffort?: ReasoningEffort;
}

/** A reference file as shown (its text stays on the server). */
export interface AssistantFileMeta {
  id: string;
  name: string;
  chars: number;
}

/** Where an assistant comes from: the user's own list, or the deployment's configuration. */
export type AssistantSource = 'own' | 'config';

export interface Assistant {
  /** A uuid for the user's own; `config-…` for a configured one. */
  id: string;
  source: AssistantSource;
  name: string;
  description: string;
  /** An emoji (or a few characters); empty = the initial of the name. Text, never markup. */
  avatar: string;
  systemPrompt: string;
  /** A configured provider's name; null = the default provider. */
  provider: string | null;
  /** null = the provider's default model. */
  model: string | null;
  settings: AssistantSettings;
  /** Tool names it may use; null = the conversation default (every built-in tool). */
  tools: string[] | null;
  files: AssistantFileMeta[];
  starters: string[];
  /** Bumped on every edit; a conversation records the version it started from. */
  version: number;
  /** The assistant's link, when it is shared. */
  share: { id: string; showPrompt: boolean } | null;
  createdAt: string;
  updatedAt: string;
}

export type { ConversationAssistant };

/** A shared assistant as anyone holding its link sees it. */
export interface SharedAssistant {
  name: string;
  description: string;
  avatar: string;
  starters: string[];
  model: string | null;
  tools: string[] | null;
  files: string[];
  /** Present only when the owner chose to show it. */
  systemPrompt?: string;
}

/** The avatar to show: the chosen one, else the name's first letter. */
export function avatarOf(a: { avatar: string; name: string }): string {
  return a.avatar || [...a.name.trim()][0]?.toUpperCase() || '?';
}

/** What the new-chat screen needs of the assistant picked for it. */
export type PickedAssistant = Pick<
  Assistant,
  'id' | 'name' | 'avatar' | 'description' | 'starters' | 'model'
>;

export const toPicked = (a: PickedAssistant): PickedAssistant => ({
  id: a.id,
  name: a.name,
  avatar: a.avatar,
  description: a.description,
  starters: a.starters,
  model: a.model,
});
