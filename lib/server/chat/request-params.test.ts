import { describe, expect, it } from 'vitest';
import { requestParams, systemPromptMessage } from './request-params';

describe('requestParams', () => {
  const settings = {
    temperature: 0.3,
    topP: 0.9,
    maxTokens: 256,
    reasoningEffort: 'high' as const,
  };

  it('maps the settings to request fields and leaves unset ones out', () => {
    expect(requestParams({ model: 'gpt-4o', settings, reasoningEffort: false })).toEqual({
      temperature: 0.3,
      top_p: 0.9,
      max_tokens: 256,
    });
    expect(requestParams({ model: 'gpt-4o', settings: {}, reasoningEffort: true })).toEqual({});
    expect(
      requestParams({ model: 'm', settings: { temperature: 0 }, reasoningEffort: false }),
    ).toEqual({
      temperature: 0,
    });
  });

  it('sends reasoning effort only to models that take it, and max_completion_tokens to o-series', () => {
    expect(requestParams({ model: 'o3-mini', settings, reasoningEffort: true })).toEqual({
      temperature: 0.3,
      top_p: 0.9,
      max_completion_tokens: 256,
      reasoning_effort: 'high',
    });
  });

  it('lets per-request params win over the settings', () => {
    expect(
      requestParams({
        model: 'gpt-4o',
        settings,
        overrides: { temperature: 1.5, max_tokens: 10 },
        reasoningEffort: false,
      }),
    ).toEqual({ temperature: 1.5, top_p: 0.9, max_tokens: 10 });
  });
});

describe('systemPromptMessage', () => {
  it('is a system message with the prompt as written, or null when blank', () => {
    expect(systemPromptMessage({ systemPrompt: '  Answer in French.\n' })).toEqual({
      role: 'system',
      content: '  Answer in French.\n',
    });
    expect(systemPromptMessage({ systemPrompt: '   ' })).toBeNull();
    expect(systemPromptMessage({})).toBeNull();
  });

  it("follows the prompt with an assistant's reference files, each named, or stands alone", () => {
    const files = [
      { name: 'glossary.txt', text: 'Kaffee: coffee' },
      { name: 'notes.md', text: '# Notes' },
    ];
    expect(systemPromptMessage({ systemPrompt: 'Translate.' }, files)).toEqual({
      role: 'system',
      content:
        'Translate.\n\nReference file: glossary.txt\n\nKaffee: coffee\n\nReference file: notes.md\n\n# Notes',
    });
    expect(systemPromptMessage({}, files.slice(0, 1))).toEqual({
      role: 'system',
      content: 'Reference file: glossary.txt\n\nKaffee: coffee',
    });
  });
});
