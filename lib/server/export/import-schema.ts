import { z } from 'zod';
import { modelSettingsShape } from '@/lib/chat/model-settings-schema';
import { ARCHIVE_FORMAT, CONVERSATION_FORMAT } from '@/lib/chat/export-types';
import type {
  ChatError,
  ConversationSettings,
  MessageStatus,
  Role,
  ToolCall,
  ToolRun,
  Usage,
} from '@/lib/chat/types';

// The shape of an uploaded export (pure zod schemas) and how its problems are reported. Nothing in
// the file is trusted: see import-plan.ts for ids, parent links and live states.

export const MAX_MESSAGES_PER_CONVERSATION = 5_000;
export const MAX_MESSAGES_PER_FILE = 20_000;
export const MAX_CONVERSATIONS_PER_FILE = 1_000;

export interface ImportIssue {
  /** Where in the file, e.g. `messages[3].role`; '' for the file as a whole. */
  path: string;
  message: string;
}

export class ImportValidationError extends Error {
  constructor(readonly issues: ImportIssue[]) {
    const [first] = issues;
    const where = first?.path ? `${first.path}: ` : '';
    const more =
      issues.length > 1
        ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})`
        : '';
    super(`${where}${first?.message ?? 'The file is not a valid export.'}${more}`);
  }
}

/** A message ready to insert: `id` and `parentId` are fresh, and parents come first. */
export interface PlannedMessage {
  id: string;
  parentId: string | null;
  role: Role;
  content: string;
  reasoning: string | null;
  refusal: string | null;
  toolCalls: ToolCall[] | null;
  toolCallId: string | null;
  status: MessageStatus;
  finishReason: string | null;
  usage: Usage | null;
  model: string | null;
  error: ChatError | null;
  reasoningMs: number | null;
  toolRun: ToolRun | null;
  createdAt: Date | null;
  /** Files carried as data; what each is gets read from its bytes again on import. */
  files: PlannedAttachment[];
}

export interface PlannedAttachment {
  /** Fresh, like the message ids. */
  id: string;
  name: string;
  dataBase64: string;
  /** Where in the file, for error messages. */
  path: string;
}

export interface PlannedConversation {
  title: string;
  model: string | null;
  settings: ConversationSettings;
  createdAt: Date | null;
  /** Insertion order; the last one ends the branch shown when the conversation opens. */
  messages: PlannedMessage[];
}

const ROLES = ['system', 'user', 'assistant', 'tool'] as const;
const STATUSES = ['streaming', 'complete', 'interrupted', 'error'] as const;
const RUN_STATUSES = [
  'running',
  'done',
  'error',
  'not_executed',
  'awaiting_approval',
  'denied',
] as const;

const oneOf = (values: readonly string[]) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is missing' : `must be one of ${values.join(', ')}`;
const messageId = z.string().min(1, 'must not be empty').max(200, 'is longer than 200 characters');
const isoDate = z
  .string()
  .max(64)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date');
const text = (max: number) => z.string().max(max, `is longer than ${max} characters`);

const toolCallSchema = z.object({
  id: text(200),
  type: text(64).default('function'),
  function: z.object({ name: text(200), arguments: z.string() }),
});

const messageSchema = z.object({
  id: messageId,
  parentId: messageId.nullable().default(null),
  role: z.enum(ROLES, { error: oneOf(ROLES) }),
  content: z.string().default(''),
  reasoning: z.string().nullable().default(null),
  refusal: z.string().nullable().default(null),
  toolCalls: z.array(toolCallSchema).max(128).nullable().default(null),
  toolCallId: text(200).nullable().default(null),
  status: z.enum(STATUSES, { error: oneOf(STATUSES) }).default('complete'),
  finishReason: text(64).nullable().default(null),
  usage: z
    .looseObject({
      prompt_tokens: z.number().optional(),
      completion_tokens: z.number().optional(),
      total_tokens: z.number().optional(),
    })
    .nullable()
    .default(null),
  model: text(200).nullable().default(null),
  error: z
    .object({
      code: text(100),
      message: text(10_000),
      retryable: z.boolean(),
      retryAfterSeconds: z.number().optional(),
    })
    .nullable()
    .default(null),
  reasoningMs: z.number().int().min(0).max(1e9).nullable().default(null),
  toolRun: z
    .object({
      name: text(200),
      status: z.enum(RUN_STATUSES, { error: oneOf(RUN_STATUSES) }),
      durationMs: z.number().min(0).nullable().default(null),
    })
    .nullable()
    .default(null),
  createdAt: isoDate.optional(),
  // Only the name and bytes are taken: type, size and text are read from the bytes again.
  attachments: z
    .array(
      z.object({
        name: text(1_000).default('file'),
        dataBase64: z
          .string()
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'is not base64')
          .optional(),
      }),
    )
    .max(50)
    .nullable()
    .default(null),
});

const bodySchema = z.object({
  conversation: z.object({
    title: text(1_000).default(''),
    model: text(200).nullable().default(null),
    // Unknown settings are dropped; known ones must be valid, as if set in the settings dialog.
    settings: z
      .object({ tools: z.array(text(128)).max(200).optional(), ...modelSettingsShape })
      .default({}),
    createdAt: isoDate.optional(),
  }),
  activeLeafId: messageId.nullable().default(null),
  messages: z
    .array(messageSchema)
    .max(MAX_MESSAGES_PER_CONVERSATION, `has more than ${MAX_MESSAGES_PER_CONVERSATION} messages`),
});

export const conversationFile = bodySchema.extend({ format: z.literal(CONVERSATION_FORMAT) });
export const archiveFile = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  conversations: z
    .array(bodySchema)
    .max(MAX_CONVERSATIONS_PER_FILE, `has more than ${MAX_CONVERSATIONS_PER_FILE} conversations`),
});

export type Body = z.infer<typeof bodySchema>;

/** `['messages', 3, 'role']` → `messages[3].role`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

export function zodIssues(error: z.ZodError, prefix: PropertyKey[] = []): ImportIssue[] {
  return error.issues.slice(0, 20).map((issue) => {
    const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
    const message = missing
      ? 'is missing'
      : issue.code === 'invalid_type'
        ? `must be ${issue.expected === 'array' ? 'a list' : `a ${issue.expected}`}`
        : issue.message;
    return { path: formatPath([...prefix, ...issue.path]), message };
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
