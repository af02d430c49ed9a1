import { describe, expect, it } from 'vitest';
import { emojiFromCodes, masksToAssistants } from './nextchat';

// A mask as NextChat exports it (app/store/mask.ts: Mask), trimmed to the fields it always has.
const mask = {
  id: 'Jx0f7WTuXAMKAm7hZ2Y_m',
  avatar: '1f1e9-1f1ea',
  name: 'German translator',
  context: [
    { id: 'a', role: 'system', content: 'Translate into German.', date: '' },
    { id: 'b', role: 'user', content: 'Good morning', date: '' },
    { id: 'c', role: 'assistant', content: 'Guten Morgen', date: '' },
  ],
  syncGlobalConfig: false,
  modelConfig: {
    model: 'gpt-4o-mini',
    temperature: 0.3,
    top_p: 1,
    max_tokens: 2000,
    presence_penalty: 0,
    frequency_penalty: 0,
    sendMemory: true,
    historyMessageCount: 4,
    compressMessageLengthThreshold: 1000,
  },
  lang: 'en',
  builtin: false,
  createdAt: 1700000000000,
};

describe('masksToAssistants', () => {
  it('turns a NextChat mask into an assistant: prompt, examples, model and settings', () => {
    const { assistants, skipped } = masksToAssistants([mask]);
    expect(skipped).toEqual([]);
    expect(assistants).toEqual([
      {
        name: 'German translator',
        description: '',
        avatar: '🇩🇪',
        systemPrompt:
          'Translate into German.\n\nExample exchange:\nUser: Good morning\nAssistant: Guten Morgen',
        provider: null,
        model: 'gpt-4o-mini',
        settings: { temperature: 0.3, topP: 1, maxTokens: 2000 },
        tools: null,
        starters: [],
        files: [],
      },
    ]);
  });

  it('accepts one mask alone, and skips what cannot become an assistant, saying why', () => {
    expect(masksToAssistants(mask).assistants).toHaveLength(1);
    const { assistants, skipped } = masksToAssistants([
      { ...mask, context: [] },
      { nonsense: true },
      { ...mask, name: '<b>Bold</b>', modelConfig: { temperature: 9 } },
    ]);
    expect(skipped.map((s) => [s.index, s.reason])).toEqual([
      [0, 'The system prompt cannot be empty.'],
      [1, 'Not a NextChat mask.'],
    ]);
    // Out-of-range settings are dropped; the name stays text.
    expect(assistants[0]).toMatchObject({ name: '<b>Bold</b>', settings: {}, model: null });
  });

  it('reads emoji code points and ignores anything else', () => {
    expect(emojiFromCodes('1f47e')).toBe('👾');
    expect(emojiFromCodes('gpt-bot')).toBe('');
    expect(emojiFromCodes('<img>')).toBe('');
    expect(emojiFromCodes('110000')).toBe('');
  });
});
