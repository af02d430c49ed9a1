import { describe, expect, it } from 'vitest';
import type { Assistant } from '@/lib/chat/assistants';
import { draftOf, emptyForm, formOf } from './draft';

const assistant: Assistant = {
  id: '6f1c2c4e-8a43-4f6e-9a57-1f0e4b1f1b11',
  source: 'own',
  name: 'Translator',
  description: 'Into German',
  avatar: '🇩🇪',
  systemPrompt: 'Translate.',
  provider: 'small',
  model: 'mock-tiny',
  settings: { temperature: 0.3, maxTokens: 321, reasoningEffort: 'low' },
  tools: ['calculate'],
  files: [{ id: 'f1', name: 'glossary.txt', chars: 20 }],
  starters: ['Good morning'],
  version: 3,
  share: null,
  createdAt: '2026-12-02T12:00:00.000Z',
  updatedAt: '2026-12-02T12:00:00.000Z',
};

describe('the editor form', () => {
  it('round-trips an assistant into the fields the API takes', () => {
    const form = formOf(assistant);
    expect(form.model).toBe('small/mock-tiny');
    expect(form.starters).toEqual(['Good morning', '', '', '']);
    expect(draftOf(form)).toEqual({
      name: 'Translator',
      description: 'Into German',
      avatar: '🇩🇪',
      systemPrompt: 'Translate.',
      provider: 'small',
      model: 'mock-tiny',
      settings: { temperature: 0.3, topP: undefined, maxTokens: 321, reasoningEffort: 'low' },
      tools: ['calculate'],
      starters: ['Good morning'],
      files: ['f1'],
    });
  });

  it('leaves unset what the user left empty: the default model, settings and every tool', () => {
    const draft = draftOf({ ...emptyForm(), name: 'A', systemPrompt: 'B', starters: [' ', 'x'] });
    expect(draft).toMatchObject({ provider: null, model: null, tools: null, starters: ['x'] });
    expect(Object.values(draft.settings).filter((v) => v !== undefined)).toEqual([]);
  });
});
