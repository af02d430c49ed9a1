import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/lib/chat/types';
import { activeBranch, branchInfo, branchTo, newestLeafUnder, toWireMessages } from './history';
import { blankMessage } from '@/lib/chat/blank-message';

let n = 0;
function msg(partial: Partial<ChatMessage> & Pick<ChatMessage, 'id' | 'role'>): ChatMessage {
  return blankMessage({
    conversationId: 'c',
    content: `text ${n++}`,
    finishReason: 'stop',
    model: 'm',
    createdAt: new Date(0).toISOString(),
    ...partial,
  });
}

describe('history', () => {
  const u1 = msg({ id: 'u1', role: 'user' });
  const a1 = msg({ id: 'a1', role: 'assistant', parentId: 'u1', status: 'error', content: '' });
  const a1b = msg({ id: 'a1b', role: 'assistant', parentId: 'u1' });
  const u2 = msg({ id: 'u2', role: 'user', parentId: 'a1b' });

  it('follows parent ids from the newest message, skipping abandoned siblings', () => {
    expect(activeBranch([u1, a1, a1b, u2]).map((m) => m.id)).toEqual(['u1', 'a1b', 'u2']);
    expect(branchTo([u1, a1, a1b, u2], 'a1').map((m) => m.id)).toEqual(['u1', 'a1']);
  });

  it('survives a parent cycle in corrupt data', () => {
    const x = msg({ id: 'x', role: 'user', parentId: 'y' });
    const y = msg({ id: 'y', role: 'assistant', parentId: 'x' });
    expect(activeBranch([x, y]).map((m) => m.id)).toEqual(['x', 'y']);
  });

  it('leaves out empty failed answers and unanswered tool calls', () => {
    const withCall = msg({
      id: 'a2',
      role: 'assistant',
      parentId: 'u2',
      content: 'Let me check.',
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }],
    });
    const wire = toWireMessages([u1, a1, u2, withCall]);
    expect(wire).toEqual([
      { role: 'user', content: u1.content },
      { role: 'user', content: u2.content },
      { role: 'assistant', content: 'Let me check.' },
    ]);
  });

  it('never sends reasoning back, not even a think block left in saved content', () => {
    const a = msg({ id: 'a', role: 'assistant', reasoning: 'secret plan', content: 'Hi' });
    const old = msg({ id: 'o', role: 'assistant', content: '<think>old plan</think>\n\nHello' });
    const only = msg({ id: 'p', role: 'assistant', content: '<think>nothing else' });
    expect(toWireMessages([u1, a, u2, old, only])).toEqual([
      { role: 'user', content: u1.content },
      { role: 'assistant', content: 'Hi' },
      { role: 'user', content: u2.content },
      { role: 'assistant', content: 'Hello' },
    ]);
  });

  it('keeps tool calls that have their results', () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } };
    const a = msg({ id: 'a', role: 'assistant', content: '', toolCalls: [call] });
    const t = msg({ id: 't', role: 'tool', toolCallId: 'call_1', content: '42' });
    expect(toWireMessages([u1, a, t])).toEqual([
      { role: 'user', content: u1.content },
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', content: '42', tool_call_id: 'call_1' },
    ]);
  });
});

const ids = (messages: readonly ChatMessage[]) => messages.map((m) => m.id);

describe('branches', () => {
  // u1 ─ a1 ─ u2 ─ a2
  //    │     └ u2b ─ a2b          (u2 edited)
  //    └ a1r                      (a1 regenerated)
  // u1e ─ a1e                     (the first message edited: a second root)
  const u1 = msg({ id: 'u1', role: 'user' });
  const a1 = msg({ id: 'a1', role: 'assistant', parentId: 'u1' });
  const u2 = msg({ id: 'u2', role: 'user', parentId: 'a1' });
  const a2 = msg({ id: 'a2', role: 'assistant', parentId: 'u2' });
  const u2b = msg({ id: 'u2b', role: 'user', parentId: 'a1' });
  const a2b = msg({ id: 'a2b', role: 'assistant', parentId: 'u2b' });
  const a1r = msg({ id: 'a1r', role: 'assistant', parentId: 'u1' });
  const u1e = msg({ id: 'u1e', role: 'user' });
  const a1e = msg({ id: 'a1e', role: 'assistant', parentId: 'u1e' });
  const tree = [u1, a1, u2, a2, u2b, a2b, a1r, u1e, a1e];

  it('ends at the newest leaf without a choice, or when the choice is unknown', () => {
    expect(ids(activeBranch(tree))).toEqual(['u1e', 'a1e']);
    expect(ids(activeBranch(tree, null))).toEqual(['u1e', 'a1e']);
    expect(ids(activeBranch(tree, 'gone'))).toEqual(['u1e', 'a1e']);
    expect(activeBranch([], 'u1')).toEqual([]);
  });

  it('runs through the chosen message down to its newest descendant leaf', () => {
    expect(ids(activeBranch(tree, 'u1'))).toEqual(['u1', 'a1r']);
    expect(ids(activeBranch(tree, 'a1'))).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    expect(ids(activeBranch(tree, 'u2'))).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(ids(activeBranch(tree, 'a2'))).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(newestLeafUnder(tree, 'a1')?.id).toBe('a2b');
    expect(newestLeafUnder(tree, 'a2')?.id).toBe('a2');
    expect(newestLeafUnder(tree, 'nope')).toBeNull();
  });

  it('reports versions of user and assistant messages, oldest first', () => {
    const branch = activeBranch(tree, 'u2');
    expect(branchInfo(tree, branch)).toEqual({
      u1: { index: 0, count: 2, siblingIds: ['u1', 'u1e'] },
      a1: { index: 0, count: 2, siblingIds: ['a1', 'a1r'] },
      u2: { index: 0, count: 2, siblingIds: ['u2', 'u2b'] },
    });
    expect(branchInfo(tree, activeBranch(tree))).toEqual({
      u1e: { index: 1, count: 2, siblingIds: ['u1', 'u1e'] },
    });
  });

  it('never counts tool results as versions of each other', () => {
    const call = (id: string) => ({ id, type: 'function', function: { name: 'f', arguments: '' } });
    const a = msg({
      id: 'a',
      role: 'assistant',
      parentId: 'u1',
      toolCalls: [call('c1'), call('c2')],
    });
    // Results of one step, both (as older rows might) hanging off the assistant message.
    const t1 = msg({ id: 't1', role: 'tool', parentId: 'a', toolCallId: 'c1' });
    const t2 = msg({ id: 't2', role: 'tool', parentId: 'a', toolCallId: 'c2' });
    expect(branchInfo([u1, a, t1, t2], [u1, a, t2])).toEqual({});
  });
});

/** A small deterministic PRNG, so a failure can be replayed. */
function prng(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
}

describe('branch invariants over random edits, regenerations and switches', () => {
  // Thousands of whole-tree walks: pure CPU, so give it room on a loaded machine.
  it('never loses a message and always shows one well-formed path', { timeout: 30_000 }, () => {
    for (const seed of [1, 7, 42, 2024]) {
      const pick = prng(seed);
      const all: ChatMessage[] = [];
      let chosen: string | null = null;
      let counter = 0;
      const add = (role: 'user' | 'assistant', parentId: string | null) => {
        const m = msg({ id: `${role[0]}${counter++}`, role, parentId });
        all.push(m);
        return m;
      };
      // What start-chat does, on the pure functions.
      const answer = (parentId: string) => {
        chosen = add('assistant', parentId).id;
      };
      for (let step = 0; step < 60; step++) {
        const branch = activeBranch(all, chosen);
        const op = branch.length === 0 ? 0 : pick(4);
        if (op === 0) {
          answer(add('user', branch.at(-1)?.id ?? null).id);
        } else if (op === 1) {
          const users = branch.filter((m) => m.role === 'user');
          const edited = users[pick(users.length)] as ChatMessage;
          answer(add('user', edited.parentId).id);
        } else if (op === 2) {
          const answers = branch.filter((m) => m.role === 'assistant');
          const again = answers[pick(answers.length)] as ChatMessage;
          answer(again.parentId as string);
        } else {
          const info = Object.values(branchInfo(all, branch));
          const at = info[pick(Math.max(info.length, 1))];
          if (at) chosen = at.siblingIds[pick(at.count)] as string;
        }

        const shown = activeBranch(all, chosen);
        // A path: starts at a root, each message the child of the one before, ends at a leaf.
        expect(shown[0]?.parentId).toBeNull();
        shown.forEach((m, i) => {
          if (i > 0) expect(m.parentId).toBe(shown[i - 1]?.id);
        });
        expect(all.some((m) => m.parentId === shown.at(-1)?.id)).toBe(false);
        if (chosen) expect(ids(shown)).toContain(chosen);
        // Every message ever written is still reachable: switching to it shows it.
        for (const m of all) expect(ids(activeBranch(all, m.id))).toContain(m.id);
        // Navigation is consistent: each version listed is where the branch says it is.
        for (const [id, info] of Object.entries(branchInfo(all, shown))) {
          expect(info.siblingIds[info.index]).toBe(id);
          expect(info.count).toBe(info.siblingIds.length);
        }
      }
      expect(all.length).toBeGreaterThan(60);
    }
  });
});
