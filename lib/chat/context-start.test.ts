import { describe, expect, it } from 'vitest';
import { contextStartOf } from './context-start';
import type { ChatMessage } from './types';

const m = (id: string, role: ChatMessage['role'], contextStartId?: string | null) =>
  ({ id, role, contextStartId }) as ChatMessage;

describe('contextStartOf', () => {
  it('is the start recorded on the latest answer', () => {
    const messages = [
      m('u1', 'user'),
      m('a1', 'assistant', null),
      m('u2', 'user'),
      m('a2', 'assistant', 'u2'),
    ];
    expect(contextStartOf(messages)).toBe('u2');
  });

  it('ignores older answers: only the latest view of the model counts', () => {
    expect(
      contextStartOf([
        m('u1', 'user'),
        m('a1', 'assistant', 'u1'),
        m('u2', 'user'),
        m('a2', 'assistant'),
      ]),
    ).toBeNull();
    expect(
      contextStartOf([
        m('u1', 'user'),
        m('u2', 'user'),
        m('a1', 'assistant', 'u2'),
        m('u3', 'user'),
      ]),
    ).toBe('u2');
  });

  it('is null when the start is not shown or is the first message', () => {
    expect(contextStartOf([m('u1', 'user'), m('a1', 'assistant', 'elsewhere')])).toBeNull();
    expect(contextStartOf([m('u1', 'user'), m('a1', 'assistant', 'u1')])).toBeNull();
    expect(contextStartOf([])).toBeNull();
  });
});
