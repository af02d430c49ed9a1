import { describe, expect, it } from 'vitest';
import { fenced, toMarkdown } from './markdown';
import { conversation, message, sampleTree } from './test-data';

const at = new Date('2025-04-02T12:00:00Z');

describe('toMarkdown', () => {
  it('writes a titled transcript of the branch with role headings', () => {
    const t = sampleTree();
    const branch = [t.user1, t.call, t.tool, t.answer, t.user2, t.newAnswer];
    const md = toMarkdown(conversation, branch, { exportedAt: at });
    expect(md.startsWith('# Tokyo time & maths\n')).toBe(true);
    expect(md).toContain('Exported from Parley on 2025-04-02');
    expect(md).toContain('model `gpt-test`');
    expect(md.match(/^## User$/gm)).toHaveLength(2);
    // The tool-using turn is one assistant section, like on screen.
    expect(md.match(/^## Assistant$/gm)).toHaveLength(2);
    expect(md).toContain('What time is it in Tokyo?');
    expect(md).toContain('It is **19:00** in Tokyo.');
    expect(md).toContain('```ts\nconst a = 1;\n```');
    expect(md).not.toContain('Old answer');
    expect(md.indexOf('What time')).toBeLessThan(md.indexOf('19:00** in Tokyo'));
  });

  it('collapses reasoning in a details block', () => {
    const t = sampleTree();
    const md = toMarkdown(conversation, [t.user1, t.call, t.tool, t.answer], { exportedAt: at });
    expect(md).toContain(
      '<details>\n<summary>Reasoning (1.2 s)</summary>\n\nThe user wants the time. I should call the tool.\n\n</details>',
    );
  });

  it('writes tool calls and results as fenced blocks with their status', () => {
    const t = sampleTree();
    const md = toMarkdown(conversation, [t.user1, t.call, t.tool, t.answer], { exportedAt: at });
    expect(md).toContain('**Tool call** `get_current_time` — done (0.0 s)');
    expect(md).toContain('```json\n{\n  "timezone": "Asia/Tokyo"\n}\n```');
    expect(md).toContain('Result:\n\n```json\n{\n  "time": "19:00"\n}\n```');
  });

  it('marks calls that never ran and shows errors, refusals and interruptions', () => {
    const user = message({ role: 'user', content: 'hi' });
    const a = message({
      role: 'assistant',
      parentId: user.id,
      toolCalls: [
        { id: 'c9', type: 'function', function: { name: 'calculate', arguments: 'not json' } },
      ],
      status: 'error',
      error: { code: 'upstream', message: 'The provider failed.\nTry again.', retryable: true },
      refusal: 'I cannot help with that.',
    });
    const b = message({
      role: 'assistant',
      parentId: a.id,
      content: 'partial',
      status: 'interrupted',
    });
    const md = toMarkdown(conversation, [user, a, b], { exportedAt: at });
    expect(md).toContain('**Tool call** `calculate` — not run\n\n```\nnot json\n```');
    expect(md).toContain('> **Error:** The provider failed.\n> Try again.');
    expect(md).toContain('> **Refused:** I cannot help with that.');
    expect(md).toContain('> _The answer was stopped before the end._');
  });

  it('quotes the system prompt and survives an empty or odd title', () => {
    const system = message({ role: 'system', content: 'Be terse.' });
    const md = toMarkdown({ ...conversation, title: '  \n ', model: null }, [system], {
      exportedAt: at,
    });
    expect(md.startsWith('# Untitled conversation\n')).toBe(true);
    expect(md).toContain('## System\n\n> Be terse.');
    expect(md).not.toContain('model `');
  });

  it('keeps a literal </details> in reasoning from closing the block', () => {
    const a = message({ role: 'assistant', reasoning: 'x </details> y', content: 'ok' });
    const md = toMarkdown(conversation, [a], { exportedAt: at });
    expect(md.match(/<\/details>/g)).toHaveLength(1);
  });
});

describe('fenced', () => {
  it('uses a fence longer than any backtick run inside', () => {
    expect(fenced('a', 'json')).toBe('```json\na\n```');
    const inner = 'before\n````\ncode\n````\nafter';
    const block = fenced(inner);
    expect(block.startsWith('`````\n')).toBe(true);
    expect(block.endsWith('\n`````')).toBe(true);
  });
});
