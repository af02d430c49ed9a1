import { describe, expect, it } from 'vitest';
import { groupTurns, toolResultFor, toolStateFor, turnStatus } from './turns';
import type { ChatMessage, ToolCall, ToolRun } from './types';
import { blankMessage } from '@/lib/chat/blank-message';

function msg(id: string, role: ChatMessage['role'], extra: Partial<ChatMessage> = {}): ChatMessage {
  return blankMessage({
    id,
    conversationId: 'c',
    role,
    finishReason: role === 'assistant' ? 'stop' : null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...extra,
  });
}

const call = (id: string, name = 'get_time', args = '{}'): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

function toolMsg(
  id: string,
  callId: string,
  run: ToolRun['status'],
  status: ChatMessage['status'] = run === 'running' || run === 'awaiting_approval'
    ? 'streaming'
    : run === 'error'
      ? 'error'
      : 'complete',
): ChatMessage {
  return msg(id, 'tool', {
    toolCallId: callId,
    status,
    toolRun: { name: 'get_time', status: run, durationMs: 5 },
  });
}

const asking = (id: string, calls: ToolCall[], extra: Partial<ChatMessage> = {}) =>
  msg(id, 'assistant', { toolCalls: calls, finishReason: 'tool_calls', ...extra });

describe('groupTurns', () => {
  it('keeps each user message alone and groups the assistant and tool messages after it', () => {
    const u1 = msg('u1', 'user');
    const a1 = asking('a1', [call('c1'), call('c2')]);
    const t1 = toolMsg('t1', 'c1', 'done');
    const t2 = toolMsg('t2', 'c2', 'done');
    const a2 = msg('a2', 'assistant', { content: 'It is noon.' });
    const u2 = msg('u2', 'user');
    const a3 = msg('a3', 'assistant');
    const items = groupTurns([msg('s', 'system'), u1, a1, t1, t2, a2, u2, a3]);
    expect(items).toEqual([
      { kind: 'user', message: u1 },
      { kind: 'assistant', id: 'a1', messages: [a1, t1, t2, a2] },
      { kind: 'user', message: u2 },
      { kind: 'assistant', id: 'a3', messages: [a3] },
    ]);
    // Items hold the very same message objects, so memoised views can compare by reference.
    const turn = items[1];
    expect(turn?.kind === 'assistant' && turn.messages[0]).toBe(a1);
  });

  it('renders a turn made only of tool messages and consecutive user messages', () => {
    const t = toolMsg('t', 'c', 'done');
    const u1 = msg('u1', 'user');
    const u2 = msg('u2', 'user');
    expect(groupTurns([t, u1, u2])).toEqual([
      { kind: 'assistant', id: 't', messages: [t] },
      { kind: 'user', message: u1 },
      { kind: 'user', message: u2 },
    ]);
    expect(groupTurns([])).toEqual([]);
  });
});

describe('turnStatus', () => {
  it('is the status of the last assistant message', () => {
    const a1 = asking('a1', [call('c1')]);
    const t1 = toolMsg('t1', 'c1', 'done');
    expect(turnStatus([a1, t1, msg('a2', 'assistant', { status: 'streaming' })])).toBe('streaming');
    expect(turnStatus([a1, t1, msg('a2', 'assistant', { status: 'error' })])).toBe('error');
    expect(turnStatus([a1, t1, msg('a2', 'assistant', { status: 'interrupted' })])).toBe(
      'interrupted',
    );
    expect(turnStatus([a1, t1])).toBe('complete');
  });

  it('is streaming while a tool runs, but not while one waits for approval', () => {
    const a1 = asking('a1', [call('c1'), call('c2')]);
    expect(turnStatus([a1, toolMsg('t1', 'c1', 'done'), toolMsg('t2', 'c2', 'running')])).toBe(
      'streaming',
    );
    expect(turnStatus([a1, toolMsg('t1', 'c1', 'awaiting_approval')])).toBe('complete');
    // A run left "running" by a crash is not streaming any more.
    expect(turnStatus([a1, toolMsg('t1', 'c1', 'running', 'interrupted')])).toBe('complete');
  });

  it('handles turns without an assistant message', () => {
    expect(turnStatus([toolMsg('t', 'c', 'error')])).toBe('error');
    expect(turnStatus([toolMsg('t', 'c', 'awaiting_approval')])).toBe('complete');
    expect(turnStatus([])).toBe('complete');
  });
});

describe('toolStateFor', () => {
  it('reports the run status of the answering tool message', () => {
    const c = call('c1');
    const a = asking('a', [c]);
    for (const run of [
      'running',
      'done',
      'error',
      'not_executed',
      'awaiting_approval',
      'denied',
    ] as const) {
      expect(toolStateFor(c, [a, toolMsg('t', 'c1', run)], false)).toBe(run);
    }
  });

  it('reads tool messages without a toolRun from their message status', () => {
    const c = call('c1');
    const bare = (status: ChatMessage['status']) =>
      msg('t', 'tool', { toolCallId: 'c1', status, toolRun: null });
    expect(toolStateFor(c, [bare('complete')], false)).toBe('done');
    expect(toolStateFor(c, [bare('error')], false)).toBe('error');
    expect(toolStateFor(c, [bare('streaming')], true)).toBe('running');
    expect(toolStateFor(c, [bare('interrupted')], false)).toBe('not_executed');
  });

  it('treats a run cut short by a crash as not executed', () => {
    const c = call('c1');
    expect(toolStateFor(c, [toolMsg('t', 'c1', 'running', 'interrupted')], false)).toBe(
      'not_executed',
    );
  });

  it('is streaming while the carrying message streams, even before the call has an id', () => {
    const partial = call('', 'get_ti', '{"tz":');
    const a = asking('a', [call('c0'), partial], { status: 'streaming', finishReason: null });
    expect(toolStateFor(partial, [a], true)).toBe('streaming');
    expect(toolStateFor(call('c0'), [a], true)).toBe('streaming');
  });

  it('is running once the message asked for tools and the turn goes on, else not executed', () => {
    const c = call('c1');
    const a = asking('a', [c]);
    expect(toolStateFor(c, [a], true)).toBe('running');
    expect(toolStateFor(c, [a], false)).toBe('not_executed');
    // The model stopped for another reason, or the stream broke: the tools never ran.
    expect(toolStateFor(c, [asking('a', [c], { finishReason: 'length' })], true)).toBe(
      'not_executed',
    );
    expect(
      toolStateFor(c, [asking('a', [c], { status: 'interrupted', finishReason: null })], true),
    ).toBe('not_executed');
    expect(toolStateFor(call('unknown'), [a], true)).toBe('not_executed');
  });

  it('matches results by tool call id only', () => {
    const t = toolMsg('t', 'c2', 'done');
    expect(toolResultFor(call('c2'), [t])).toBe(t);
    expect(toolResultFor(call('c1'), [t])).toBeNull();
    expect(toolResultFor(call(''), [msg('x', 'tool', { toolCallId: '' })])).toBeNull();
  });
});
