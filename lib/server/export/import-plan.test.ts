import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/lib/chat/types';
import { planImport } from './import-plan';
import { ImportValidationError } from './import-schema';
import { conversationBody, toArchiveExport, toConversationExport } from './json';
import { conversation, message, sampleTree } from './test-data';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What a file looks like after a trip through the network. */
function file(messages: ChatMessage[], activeLeafId: string | null = messages.at(-1)?.id ?? null) {
  return JSON.parse(
    JSON.stringify(toConversationExport(conversationBody(conversation, messages, activeLeafId))),
  ) as Record<string, unknown> & { messages: Record<string, unknown>[] };
}

function problem(input: unknown): ImportValidationError {
  try {
    planImport(input);
  } catch (error) {
    if (error instanceof ImportValidationError) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

describe('planImport: round trip of the JSON export', () => {
  it('rebuilds the conversation with fresh ids and the same parent links', () => {
    const t = sampleTree();
    const [planned] = planImport(file(t.all));
    expect(planned?.title).toBe(`${conversation.title} (imported)`);
    expect(planned?.model).toBe('gpt-test');
    expect(planned?.settings).toEqual({ tools: ['get_current_time'], temperature: 0.5 });
    expect(planned?.createdAt?.toISOString()).toBe(conversation.createdAt);
    const out = planned?.messages ?? [];
    expect(out).toHaveLength(t.all.length);
    const oldIds = new Set(t.all.map((m) => m.id));
    for (const [i, m] of out.entries()) {
      const original = t.all[i] as ChatMessage;
      expect(m.id).toMatch(UUID);
      expect(oldIds.has(m.id)).toBe(false);
      expect(m.content).toBe(original.content);
      expect(m.role).toBe(original.role);
      expect(m.createdAt?.toISOString()).toBe(original.createdAt);
      // Same tree: the parent sits at the same position as before.
      const parentAt = t.all.findIndex((o) => o.id === original.parentId);
      expect(m.parentId).toBe(parentAt === -1 ? null : out[parentAt]?.id);
    }
    const call = out[1];
    expect(call?.toolCalls).toEqual(t.call.toolCalls);
    expect(call?.reasoning).toBe(t.call.reasoning);
    expect(out[2]?.toolRun).toEqual(t.tool.toolRun);
    expect(out[2]?.toolCallId).toBe('call_1');
  });

  it('puts the branch that was on screen last, so it opens on it', () => {
    const t = sampleTree();
    const out = planImport(file(t.all, t.oldAnswer.id))[0]?.messages ?? [];
    expect(out.map((m) => m.content).slice(-2)).toEqual([t.newAnswer.content, 'Old answer']);
    // Choosing an inner message shows its newest descendant.
    const inner = planImport(file(t.all, t.user1.id))[0]?.messages ?? [];
    expect(inner.at(-1)?.content).toBe(t.newAnswer.content);
  });

  it('imports every conversation of an archive', () => {
    const t = sampleTree();
    const archive = toArchiveExport([
      conversationBody(conversation, t.all, t.newAnswer.id),
      conversationBody({ ...conversation, title: 'Second' }, [t.user1], t.user1.id),
    ]);
    const planned = planImport(JSON.parse(JSON.stringify(archive)));
    expect(planned.map((c) => c.title)).toEqual([
      `${conversation.title} (imported)`,
      'Second (imported)',
    ]);
    expect(planned.map((c) => c.messages.length)).toEqual([7, 1]);
  });

  it('accepts messages listed child-first and keeps parents first', () => {
    const t = sampleTree();
    const f = file([t.user1, t.call, t.tool, t.answer]);
    f.messages.reverse();
    f.activeLeafId = null;
    const out = planImport(f)[0]?.messages ?? [];
    const seen = new Set<string>();
    for (const m of out) {
      if (m.parentId) expect(seen.has(m.parentId)).toBe(true);
      seen.add(m.id);
    }
    expect(out.map((m) => m.content)[0]).toBe('What time is it in Tokyo?');
  });

  it('never imports a live turn: running answers and pending tools are settled', () => {
    const user = message({ role: 'user', content: 'go' });
    const a = message({ role: 'assistant', parentId: user.id, status: 'streaming' });
    const tool = message({
      role: 'tool',
      parentId: a.id,
      status: 'streaming',
      toolCallId: 'c1',
      toolRun: { name: 'calculate', status: 'awaiting_approval', durationMs: null },
    });
    const out = planImport(file([user, a, tool]))[0]?.messages ?? [];
    expect(out.map((m) => m.status)).toEqual(['complete', 'interrupted', 'complete']);
    expect(out[2]?.toolRun?.status).toBe('not_executed');
  });

  it('fills defaults for optional fields and a title from the first message', () => {
    const f = {
      format: 'parley.conversation',
      version: 1,
      conversation: {},
      messages: [{ id: 'a', role: 'user', content: '  Hello\n  there  ' }],
    };
    const [planned] = planImport(f);
    expect(planned?.title).toBe('Hello there (imported)');
    expect(planned?.messages[0]).toMatchObject({
      parentId: null,
      status: 'complete',
      toolCalls: null,
    });
  });

  it('ignores ids and fields it does not know, such as a conversation id', () => {
    const t = sampleTree();
    const f = file([t.user1]);
    (f.messages[0] as Record<string, unknown>).conversationId = 'someone-else';
    (f.messages[0] as Record<string, unknown>).userId = 'x';
    const [planned] = planImport(f);
    expect(planned?.messages[0]).not.toHaveProperty('conversationId');
    expect(planned?.messages[0]).not.toHaveProperty('userId');
  });

  it('handles a very deep parent chain without recursion limits', () => {
    const chain: Record<string, unknown>[] = [];
    for (let i = 0; i < 5_000; i++)
      chain.push({
        id: `m${i}`,
        parentId: i === 0 ? null : `m${i - 1}`,
        role: i % 2 ? 'assistant' : 'user',
      });
    chain.reverse();
    const out =
      planImport({
        format: 'parley.conversation',
        version: 1,
        conversation: {},
        messages: chain,
      })[0]?.messages ?? [];
    expect(out).toHaveLength(5_000);
    expect(out[0]?.parentId).toBeNull();
    expect(out.at(-1)?.parentId).toBe(out.at(-2)?.id);
  });
});

describe('planImport: hostile and broken files', () => {
  const base = () => file(sampleTree().all);

  it('refuses files that are not Parley exports', () => {
    for (const input of [null, [], 'text', 42, {}, { format: 'chatgpt', version: 1 }]) {
      expect(problem(input).message).toMatch(/not a Parley export/);
    }
  });

  it('names the version it reads', () => {
    expect(problem({ ...base(), version: 2 }).message).toBe(
      'version: this file is export version 2; this Parley reads version 1',
    );
    const missing = base();
    delete missing.version;
    expect(problem(missing).message).toMatch(/^version: is missing or not a number/);
    expect(problem({ ...base(), version: '1' }).message).toMatch(/^version:/);
  });

  it('names missing fields and wrong types with their place in the file', () => {
    const { messages: _, ...noMessages } = base();
    expect(problem(noMessages).issues).toContainEqual({ path: 'messages', message: 'is missing' });

    const f = base();
    delete f.messages[1]?.role;
    delete f.messages[2]?.id;
    (f.messages[3] as Record<string, unknown>).content = 42;
    const { issues, message } = problem(f);
    expect(issues).toContainEqual({ path: 'messages[1].role', message: 'is missing' });
    expect(issues).toContainEqual({ path: 'messages[2].id', message: 'is missing' });
    expect(issues).toContainEqual({ path: 'messages[3].content', message: 'must be a string' });
    expect(message).toMatch(/^messages\[\d\]\.\w+: .+ \(and 2 more problems\)$/);
  });

  it('refuses unknown roles and statuses', () => {
    const f = base();
    (f.messages[1] as Record<string, unknown>).role = 'root';
    (f.messages[2] as Record<string, unknown>).status = 'hacked';
    const { issues } = problem(f);
    expect(issues).toContainEqual({
      path: 'messages[1].role',
      message: 'must be one of system, user, assistant, tool',
    });
    expect(issues).toContainEqual({
      path: 'messages[2].status',
      message: 'must be one of streaming, complete, interrupted, error',
    });
  });

  it('refuses parent ids that loop', () => {
    const cycle = {
      format: 'parley.conversation',
      version: 1,
      conversation: {},
      messages: [
        { id: 'root', role: 'user' },
        { id: 'a', parentId: 'b', role: 'user' },
        { id: 'b', parentId: 'c', role: 'assistant' },
        { id: 'c', parentId: 'a', role: 'user' },
      ],
    };
    expect(problem(cycle).message).toMatch(
      /^messages\[\d\]\.parentId: the parent ids form a cycle/,
    );
    const self = { ...cycle, messages: [{ id: 'x', parentId: 'x', role: 'user' }] };
    expect(problem(self).message).toMatch(/form a cycle/);
  });

  it('refuses parents and an active leaf that are not in the file, and duplicate ids', () => {
    const f = base();
    (f.messages[1] as Record<string, unknown>).parentId = 'elsewhere';
    f.activeLeafId = 'gone';
    (f.messages[4] as Record<string, unknown>).id = f.messages[3]?.id;
    const { issues } = problem(f);
    expect(issues).toContainEqual({
      path: 'messages[1].parentId',
      message: 'no message in the file has the id "elsewhere"',
    });
    expect(issues).toContainEqual({
      path: 'activeLeafId',
      message: 'no message in the file has the id "gone"',
    });
    expect(issues.map((i) => i.path)).toContain('messages[4].id');
  });

  it('keeps ids like __proto__ as plain keys', () => {
    const f = {
      format: 'parley.conversation',
      version: 1,
      conversation: {},
      messages: [
        { id: '__proto__', role: 'user', content: 'a' },
        { id: 'constructor', parentId: '__proto__', role: 'assistant', content: 'b' },
      ],
    };
    const out = planImport(JSON.parse(JSON.stringify(f)))[0]?.messages ?? [];
    expect(out[1]?.parentId).toBe(out[0]?.id);
  });

  it('enforces its limits', () => {
    const many = {
      format: 'parley.conversation',
      version: 1,
      conversation: {},
      messages: Array.from({ length: 5_001 }, (_, i) => ({ id: `m${i}`, role: 'user' })),
    };
    expect(problem(many).message).toBe('messages: has more than 5000 messages');
    const f = base();
    (f.conversation as Record<string, unknown>).title = 'x'.repeat(1_001);
    expect(problem(f).message).toBe('conversation.title: is longer than 1000 characters');
  });

  it('validates settings like the settings dialog and drops unknown ones', () => {
    const f = base();
    (f.conversation as Record<string, unknown>).settings = { temperature: 7 };
    expect(problem(f).message).toBe(
      'conversation.settings.temperature: Temperature must be between 0 and 2.',
    );
    const g = base();
    (g.conversation as Record<string, unknown>).settings = { provider: 'evil', topP: 0.3 };
    expect(planImport(g)[0]?.settings).toEqual({ topP: 0.3 });
  });

  it('reports problems inside an archive with the conversation index', () => {
    const archive = JSON.parse(
      JSON.stringify(toArchiveExport([conversationBody(conversation, sampleTree().all, null)])),
    );
    archive.conversations[0].messages[0].role = 'robot';
    expect(problem(archive).issues[0]?.path).toBe('conversations[0].messages[0].role');
  });
});
