import 'server-only';
import { sql } from 'drizzle-orm';
import type { ConversationAssistant } from '@/lib/chat/assistants';
import type { ChatMessage, Conversation, ConversationSettings } from '@/lib/chat/types';
import { conversations, generations, messages } from '@/lib/db/schema';
import type { Db } from '@/lib/server/db/types';
import { toChatMessage, toConversation } from '@/lib/server/db/rows';
import { claimsInsert } from './generation-claims';
import { messageValues, type NewMessage } from './shared';

export interface FirstTurn {
  conversation: {
    id: string;
    userId: string;
    title: string;
    model: string | null;
    provider: string | null;
    settings: ConversationSettings;
    assistant: ConversationAssistant | null;
  };
  /** The opening question, then the empty answer being written (its parent is the question). */
  question: Omit<NewMessage, 'conversationId'> & { id: string };
  answer: Omit<NewMessage, 'conversationId'> & { id: string };
  /** The live turn writing the answer (claimed as generation-claims.ts claims every turn). */
  claim: { id: string; leaseMs: number };
}

/**
 * A first turn's rows: the question as written, the empty answer about to be streamed (shown:
 * the conversation's active leaf) and the claim of the turn writing it, each with a new id.
 */
export function newFirstTurn(o: {
  conversation: FirstTurn['conversation'];
  content: string;
  model: string;
  leaseMs: number;
}): FirstTurn {
  const questionId = crypto.randomUUID();
  return {
    conversation: o.conversation,
    question: {
      id: questionId,
      parentId: null,
      role: 'user',
      content: o.content,
      attachments: [],
      status: 'complete',
    },
    answer: {
      id: crypto.randomUUID(),
      parentId: questionId,
      role: 'assistant',
      status: 'streaming',
      model: o.model,
    },
    claim: { id: crypto.randomUUID(), leaseMs: o.leaseMs },
  };
}

/**
 * A new conversation with its first question and the answer about to be written, shown and
 * claimed, in one statement: the model is called one round trip after the request's checks
 * instead of four, and a failure leaves nothing behind (no conversation without its question).
 * Nobody else can know the new conversation's id, so the claim needs no check of its own.
 */
export async function insertFirstTurn(
  db: Db,
  turn: FirstTurn,
): Promise<{ conversation: Conversation; question: ChatMessage; answer: ChatMessage }> {
  const c = turn.conversation;
  const created = db.$with('created', { id: conversations.id }).as(
    sql`insert into ${conversations}
          (id, user_id, title, model, provider, settings, assistant, active_leaf_id)
        values (${c.id}::uuid, ${c.userId}::uuid, ${c.title}, ${c.model}, ${c.provider},
          ${JSON.stringify(c.settings)}::jsonb,
          ${c.assistant === null ? null : JSON.stringify(c.assistant)}::jsonb, ${turn.answer.id}::uuid)
        returning ${conversations.id}`,
  );
  const claimed = db.$with('claimed', { id: generations.id }).as(
    claimsInsert({
      conversationId: c.id,
      leaseMs: turn.claim.leaseMs,
      comparisonId: null,
      claims: [{ id: turn.claim.id, messageId: turn.answer.id, slot: 0 }],
    }),
  );
  // One VALUES list: the identity `seq` numbers the rows in this order, question first.
  const rows = await db
    .with(created, claimed)
    .insert(messages)
    .values([messageValues(turn.question, c.id), messageValues(turn.answer, c.id)])
    .returning();
  const question = rows.find((r) => r.id === turn.question.id);
  const answer = rows.find((r) => r.id === turn.answer.id);
  if (!question || !answer) throw new Error('insert into messages returned no row');
  // Every now() of one statement is the same instant: the conversation's times are its answer's.
  const conversation = toConversation({
    ...c,
    activeLeafId: turn.answer.id,
    createdAt: answer.createdAt,
    updatedAt: answer.createdAt,
    deletedAt: null,
  });
  return { conversation, question: toChatMessage(question), answer: toChatMessage(answer) };
}
