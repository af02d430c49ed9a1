import { describe, expect, it } from 'vitest';
import { encodeSSE } from '@/lib/chat/events';
import type { ChatMessage } from '@/lib/chat/types';
import type { Db, DbHandle } from '@/lib/server/db/client';
import {
  createConversation,
  getGeneration,
  insertMessage,
  listMessages,
  updateMessage,
} from '@/lib/server/db/repository';
import { withTestDatabase, createTestUser } from '@/lib/server/db/testing';
import { attachBus } from './bus';
import { beginGeneration } from './generation';
import { settleLostGenerations } from './settle';

let handle: DbHandle;
let db: Db;

withTestDatabase(async (opened) => {
  handle = opened;
  db = handle.db;
  await attachBus(handle);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// No heartbeat: as if the instance had been killed once its log was written.
const dying = { leaseMs: 1_000, flushMs: 20, heartbeatMs: 3_600_000 };
const tokens = (n: number) => Array.from({ length: n }, (_, i) => `${i ? ' ' : ''}tok${i + 1}`);
const chunk = (content: string) =>
  encodeSSE({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });

/** A turn that logged `logged` tokens and saved `copied` of them as its progress copy, then died. */
async function deadTurn(logged: number, copied: number): Promise<ChatMessage> {
  const conversationId = (await createConversation(db, { userId: await createTestUser(db) })).id;
  const live = await beginGeneration(db, conversationId, { timing: dying });
  const answer = await insertMessage(db, {
    conversationId,
    role: 'assistant',
    status: 'streaming',
  });
  live.sink.send(
    encodeSSE({ conversationId, userMessage: null, assistantMessage: answer }, 'start'),
  );
  for (const t of tokens(logged)) live.sink.send(chunk(t));
  await updateMessage(db, answer.id, { content: tokens(copied).join('') });
  await sleep(1_300);
  expect(await getGeneration(db, live.id)).toMatchObject({ finished: false, expired: true });
  return answer;
}

describe(`settling a lost turn from its log (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('keeps what the live log holds when it holds more than the progress copy', async () => {
    const answer = await deadTurn(40, 10);
    expect(await settleLostGenerations(db, { conversationId: answer.conversationId })).toBe(1);
    const [settled] = await listMessages(db, { conversationId: answer.conversationId });
    expect(settled).toMatchObject({
      status: 'interrupted',
      content: tokens(40).join(''),
      error: { code: 'server_stopped' },
    });
    // Settled once: a second look changes nothing.
    expect(await settleLostGenerations(db, { conversationId: answer.conversationId })).toBe(0);
  });

  it('keeps the progress copy when it holds more than the log', async () => {
    const answer = await deadTurn(5, 12);
    expect(await settleLostGenerations(db)).toBeGreaterThanOrEqual(1);
    const [settled] = await listMessages(db, { conversationId: answer.conversationId });
    expect(settled).toMatchObject({ status: 'interrupted', content: tokens(12).join('') });
  });
});
