/** Fixed reply texts and deterministic token splitting used by the scenarios. */

export const DEFAULT_REPLY = 'Hello from the mock upstream.';

export const MARKDOWN_REPLY = [
  '# Mock heading',
  '',
  'Some **bold** text, a [link](https://example.com) and `inline code`.',
  '',
  '- first item',
  '- second item',
  '',
  '| Name | Value |',
  '| --- | --- |',
  '| alpha | 1 |',
  '| beta | 2 |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  'Inline math: $E = mc^2$.',
].join('\n');

export const REASONING_TEXT = 'The user greets me. I should answer briefly and politely.';
export const REASONING_ANSWER = 'Hello! How can I help you today?';

export const TOOL_CALLS = [
  { id: 'call_mock_1', name: 'get_time', arguments: '{"timezone":"Europe/Paris"}' },
  { id: 'call_mock_2', name: 'calculate', arguments: '{"expression":"2+2"}' },
] as const;

/** Splits text into word-ish tokens (leading whitespace kept) whose concatenation is the text. */
export function splitTokens(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/** Splits text into at most `parts` pieces by code point (never inside a surrogate pair). */
export function splitEvenly(text: string, parts: number): string[] {
  const chars = Array.from(text);
  const n = Math.max(1, Math.min(parts, chars.length));
  const size = Math.ceil(chars.length / n);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}

export function textTokens(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'tok1' : ` tok${i + 1}`));
}
