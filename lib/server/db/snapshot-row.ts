import 'server-only';
import { z } from 'zod';
import {
  parseAttachments,
  parseChatError,
  parseComparison,
  parseToolCalls,
  parseToolRun,
  parseUsage,
} from '@/lib/server/db/rows';
import type { ShareSnapshot } from '@/lib/share/types';

// A share's snapshot column, validated on every read like the other JSON columns (rows.ts).

const sharedMessageSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  reasoning: z.string().nullable(),
  refusal: z.string().nullable(),
  toolCalls: z.unknown().transform(parseToolCalls),
  toolCallId: z.string().nullable(),
  status: z.enum(['streaming', 'complete', 'interrupted', 'error']),
  finishReason: z.string().nullable(),
  usage: z.unknown().transform(parseUsage),
  model: z.string().nullable(),
  error: z.unknown().transform(parseChatError),
  reasoningMs: z.number().nullable(),
  toolRun: z.unknown().transform(parseToolRun),
  attachments: z
    .unknown()
    .optional()
    .transform((v) => parseAttachments(v)?.attachments),
  comparison: z
    .unknown()
    .optional()
    .transform((v) => parseComparison(v)?.comparison),
  createdAt: z.string(),
});

const sharedColumnSchema = z.object({
  slot: z.number().int().min(0),
  provider: z.string(),
  model: z.string().nullable(),
  messages: z.array(sharedMessageSchema),
});

const snapshotSchema = z.object({
  version: z.literal(1),
  title: z.string(),
  model: z.string().nullable(),
  conversationCreatedAt: z.string(),
  takenAt: z.string(),
  indexable: z.boolean(),
  includeAttachments: z.boolean().optional(),
  messages: z.array(sharedMessageSchema),
  comparisons: z.record(z.string(), z.array(sharedColumnSchema)).optional(),
});

/** A stored snapshot, re-validated on read; null when it is not one this code wrote. */
export function parseSnapshot(value: unknown): ShareSnapshot | null {
  const parsed = snapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
