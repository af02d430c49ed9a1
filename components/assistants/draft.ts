import { type Assistant, type AssistantFileMeta, MAX_STARTERS } from '@/lib/chat/assistants';
import type { AssistantDraft } from '@/lib/queries/assistants';

// The editor's form values and their conversion to and from the API's fields. Pure.

export interface FormValues {
  name: string;
  avatar: string;
  description: string;
  systemPrompt: string;
  /** `provider/model`, or '' for the default model. */
  model: string;
  temperature: string;
  topP: string;
  maxTokens: string;
  reasoningEffort: '' | 'low' | 'medium' | 'high';
  /** null = every tool (the default). */
  tools: string[] | null;
  files: AssistantFileMeta[];
  starters: string[];
}

export const emptyForm = (): FormValues => ({
  name: '',
  avatar: '',
  description: '',
  systemPrompt: '',
  model: '',
  temperature: '',
  topP: '',
  maxTokens: '',
  reasoningEffort: '',
  tools: null,
  files: [],
  starters: Array(MAX_STARTERS).fill(''),
});

export function formOf(a: Assistant): FormValues {
  const s = a.settings;
  return {
    name: a.name,
    avatar: a.avatar,
    description: a.description,
    systemPrompt: a.systemPrompt,
    model: a.model ? `${a.provider ?? ''}/${a.model}` : '',
    temperature: s.temperature?.toString() ?? '',
    topP: s.topP?.toString() ?? '',
    maxTokens: s.maxTokens?.toString() ?? '',
    reasoningEffort: s.reasoningEffort ?? '',
    tools: a.tools,
    files: a.files,
    starters: [...a.starters, ...Array(MAX_STARTERS).fill('')].slice(0, MAX_STARTERS),
  };
}

const num = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The API's fields; the server checks every one again. */
export function draftOf(f: FormValues): AssistantDraft {
  const slash = f.model.indexOf('/');
  const provider = slash > 0 ? f.model.slice(0, slash) : null;
  const model = slash >= 0 ? f.model.slice(slash + 1) : null;
  return {
    name: f.name,
    avatar: f.avatar,
    description: f.description,
    systemPrompt: f.systemPrompt,
    provider,
    model: model || null,
    settings: {
      temperature: num(f.temperature),
      topP: num(f.topP),
      maxTokens: num(f.maxTokens),
      reasoningEffort: f.reasoningEffort || undefined,
    },
    tools: f.tools,
    starters: f.starters.map((s) => s.trim()).filter(Boolean),
    files: f.files.map((file) => file.id),
  };
}
