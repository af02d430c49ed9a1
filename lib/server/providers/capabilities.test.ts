import { describe, expect, it } from 'vitest';
import {
  contextWindowFor,
  DEFAULT_CONTEXT_WINDOW,
  knownContextWindow,
  supportsReasoningEffort,
  supportsVision,
  usesMaxCompletionTokens,
} from './capabilities';

describe('knownContextWindow', () => {
  it.each([
    ['gpt-4o-mini', 128_000],
    ['gpt-4o-2024-08-06', 128_000],
    ['openai/gpt-4o-mini', 128_000],
    ['gpt-4-0613', 8_192],
    ['gpt-4-turbo-preview', 128_000],
    ['gpt-4.1-mini', 1_047_576],
    ['o3-mini', 200_000],
    ['o1-mini', 128_000],
    ['gemini-2.5-pro', 1_048_576],
    ['claude-3-5-sonnet-latest', 200_000],
  ])('%s → %i', (model, tokens) => {
    expect(knownContextWindow(model)).toBe(tokens);
  });

  it('does not guess for unknown or local models', () => {
    expect(knownContextWindow('llama3.1:8b')).toBeNull();
    expect(knownContextWindow('gpt-4omni')).toBeNull();
    expect(knownContextWindow('mock-model')).toBeNull();
  });
});

describe('contextWindowFor', () => {
  it('prefers configuration, then the table, then the defaults', () => {
    expect(contextWindowFor('gpt-4o', { 'gpt-4o': 1000 }, { 'gpt-4o': 2000 })).toBe(1000);
    expect(contextWindowFor('gpt-4o', { '*': 3000 }, { 'gpt-4o': 2000 })).toBe(2000);
    expect(contextWindowFor('gpt-4o', { '*': 3000 }, {})).toBe(3000);
    expect(contextWindowFor('gpt-4o', {}, { '*': 5000 })).toBe(128_000);
    expect(contextWindowFor('local', {}, { '*': 5000 })).toBe(5000);
    expect(contextWindowFor('local', {}, {})).toBe(DEFAULT_CONTEXT_WINDOW);
  });
});

describe('supportsReasoningEffort', () => {
  it.each([
    'o1',
    'o3',
    'o3-mini',
    'o4-mini-2025-04-16',
    'gpt-5',
    'gpt-5-mini',
    'openai/gpt-oss-120b',
    'gemini-2.5-flash',
  ])('guesses yes for %s', (model) => expect(supportsReasoningEffort(model, null)).toBe(true));
  it.each([
    'gpt-4o',
    'o1-mini',
    'deepseek-reasoner',
    'grok-3-mini',
    'llama3.1:8b',
    'gpt-5-chat-latest',
    'o10',
  ])('guesses no for %s', (model) => expect(supportsReasoningEffort(model, null)).toBe(false));
  it('follows a configured list exactly', () => {
    expect(supportsReasoningEffort('o3', [])).toBe(false);
    expect(supportsReasoningEffort('qwen3', ['qwen3'])).toBe(true);
  });
});

describe('usesMaxCompletionTokens', () => {
  it('is true for OpenAI reasoning models only', () => {
    expect(usesMaxCompletionTokens('o3-mini')).toBe(true);
    expect(usesMaxCompletionTokens('gpt-5')).toBe(true);
    expect(usesMaxCompletionTokens('gpt-4o')).toBe(false);
    expect(usesMaxCompletionTokens('gpt-oss-20b')).toBe(false);
  });
});

describe('supportsVision', () => {
  it.each([
    'gpt-4o',
    'gpt-4o-mini',
    'openai/gpt-4.1-mini',
    'gpt-5',
    'o3',
    'claude-3-5-sonnet-latest',
    'anthropic/claude-sonnet-4',
    'gemini-2.5-flash',
    'llava:13b',
    'llama3.2-vision:11b',
    'qwen2.5-vl-7b-instruct',
    'pixtral-12b',
    'gemma3:4b',
  ])('guesses that %s sees images', (model) => {
    expect(supportsVision(model, null)).toBe(true);
  });

  it.each([
    'gpt-3.5-turbo',
    'gpt-4',
    'o1-mini',
    'o3-mini',
    'deepseek-chat',
    'llama3.1:8b',
    'mistral-large-latest',
    'gpt-oss-20b',
    'mock-model',
  ])('guesses that %s does not', (model) => {
    expect(supportsVision(model, null)).toBe(false);
  });

  it('lets the provider configuration decide: all, none, or listed models', () => {
    expect(supportsVision('my-local-model', true)).toBe(true);
    expect(supportsVision('gpt-4o', false)).toBe(false);
    expect(supportsVision('a', ['a'])).toBe(true);
    expect(supportsVision('gpt-4o', ['a'])).toBe(false);
  });
});
