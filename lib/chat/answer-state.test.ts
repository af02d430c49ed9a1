import { describe, expect, it } from 'vitest';
import { answerActions, answerSentence, answerState } from './answer-state';
import type { ChatError } from './types';

const lost: ChatError = {
  code: 'connection_lost',
  message: 'The connection dropped.',
  retryable: true,
};
const permanent: ChatError = {
  code: 'model_not_found',
  message: 'No such model.',
  retryable: false,
};

describe('answer state', () => {
  it('tells a Stop from a failure', () => {
    expect(answerState({ status: 'interrupted', finishReason: null, error: null })).toBe('stopped');
    // Recovery after a crash or an expired lease: interrupted, with an error.
    expect(answerState({ status: 'interrupted', finishReason: null, error: lost })).toBe('failed');
    expect(answerState({ status: 'error', finishReason: null, error: lost })).toBe('failed');
    expect(answerState({ status: 'complete', finishReason: 'length', error: null })).toBe(
      'truncated',
    );
    expect(answerState({ status: 'complete', finishReason: 'content_filter', error: null })).toBe(
      'filtered',
    );
    expect(answerState({ status: 'complete', finishReason: 'stop', error: null })).toBe('complete');
    expect(answerState({ status: 'streaming', finishReason: null, error: null })).toBe('streaming');
  });

  it('has one sentence per state, the error’s own for a failure', () => {
    expect(answerSentence('stopped')).toMatch(/^Stopped/);
    expect(answerSentence('failed', lost)).toBe('The connection dropped.');
    expect(answerSentence('failed')).toMatch(/went wrong/);
    expect(answerSentence('truncated')).toMatch(/length limit/);
    expect(answerSentence('filtered')).toMatch(/content filter/);
    expect(answerSentence('complete')).toBeNull();
    expect(answerSentence('streaming')).toBeNull();
  });

  it('offers Retry and Continue only where they can help', () => {
    expect(answerActions('failed', { error: lost, hasContent: true })).toEqual({
      retry: true,
      continue: true,
    });
    expect(answerActions('failed', { error: lost, hasContent: false })).toEqual({
      retry: true,
      continue: false,
    });
    expect(answerActions('failed', { error: permanent, hasContent: true })).toEqual({
      retry: false,
      continue: false,
    });
    expect(answerActions('stopped', { error: null, hasContent: true })).toEqual({
      retry: false,
      continue: false,
    });
    expect(answerActions('truncated', { error: null, hasContent: true })).toEqual({
      retry: false,
      continue: true,
    });
  });
});
