import { describe, expect, it } from 'vitest';
import { conversationsWord, countExportedConversations } from './import-count';

describe('countExportedConversations', () => {
  it('counts one for a conversation export and every item of an archive', () => {
    expect(countExportedConversations('{"format":"parley.conversation","messages":[]}')).toBe(1);
    const archive = {
      format: 'parley.archive',
      conversations: Array.from({ length: 13 }, () => ({})),
    };
    expect(countExportedConversations(JSON.stringify(archive))).toBe(13);
    expect(countExportedConversations('{"format":"parley.archive","conversations":[]}')).toBe(0);
  });

  it('says nothing (null) about what is not a Parley export', () => {
    for (const text of [
      '',
      'not json',
      'null',
      '[]',
      '{"format":"other"}',
      '{"format":"parley.archive"}',
    ])
      expect(countExportedConversations(text)).toBeNull();
  });

  it('words the count', () => {
    expect(conversationsWord(1)).toBe('1 conversation');
    expect(conversationsWord(13)).toBe('13 conversations');
  });
});
