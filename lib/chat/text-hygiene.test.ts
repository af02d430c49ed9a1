import { describe, expect, it } from 'vitest';
import { cleanLabel, cleanText, wellFormed } from './text-hygiene';

describe('cleanText', () => {
  it('keeps tab and newlines, drops NUL and other control characters', () => {
    expect(cleanText('a\tb\r\nc\u0000d\u0007e\u001b[0m\u007f\u0085')).toBe('a\tb\r\ncde[0m');
  });
  it('keeps bidi characters in free text (right-to-left writing needs them)', () => {
    expect(cleanText('\u202bשלום\u202c')).toBe('\u202bשלום\u202c');
  });
});

describe('cleanLabel', () => {
  it('drops bidi overrides and isolates, so a name reads as it is', () => {
    expect(cleanLabel('photo\u202egpj.exe')).toBe('photogpj.exe');
    expect(cleanLabel('\u2066a\u2069 \u202ab\u202c \u202dc\u202e')).toBe('a b c');
  });
  it('is one line: controls and line breaks become one space', () => {
    expect(cleanLabel('  Report\n\tfor\u0000 Q3\u0007 ')).toBe('Report for Q3');
  });
});

describe('wellFormed', () => {
  it('replaces lone surrogates with U+FFFD and keeps pairs', () => {
    expect(wellFormed('a\ud800b\udfffc')).toBe('a\ufffdb\ufffdc');
    expect(wellFormed('😀')).toBe('😀');
  });
});
