// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import type { Options } from 'react-markdown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown';

// Every call of react-markdown is one block being parsed and rendered; record which source it got.
const parsed = vi.hoisted(() => [] as string[]);

// Every check of a block for math: work done per block on each render.
const mathChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('./math-delimiters', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./math-delimiters')>();
  return {
    ...actual,
    hasMathSyntax: (text: string) => {
      mathChecks.count++;
      return actual.hasMathSyntax(text);
    },
  };
});

vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-markdown')>();
  return {
    ...actual,
    default: (props: Options) => {
      parsed.push(String(props.children));
      return actual.default(props);
    },
  };
});

afterEach(() => {
  cleanup();
  parsed.length = 0;
  mathChecks.count = 0;
});

const paragraphs = (count: number, size = 40) =>
  Array.from({ length: count }, (_, i) => `Paragraph ${i} ${'word '.repeat(size / 5)}`.trim());

describe('Markdown block memoisation', () => {
  it('re-parses only the last block when text is appended', () => {
    const head = '# Title\n\nFirst paragraph.\n\n```ts\nconst a = 1;\n```\n\n';
    const { rerender } = render(<Markdown text={`${head}Last`} streaming />);
    expect(parsed).toHaveLength(4);

    parsed.length = 0;
    rerender(<Markdown text={`${head}Last par`} streaming />);
    rerender(<Markdown text={`${head}Last paragraph`} streaming />);
    expect(parsed).toEqual(['Last par', 'Last paragraph']);
  });

  it('renders the previous last block once more when a new block starts, then leaves it alone', () => {
    const { rerender } = render(<Markdown text="One" streaming />);
    parsed.length = 0;
    rerender(<Markdown text={'One\n\n'} streaming />);
    // Trailing blank lines do not change the block's text: nothing re-parses.
    expect(parsed).toEqual([]);
    rerender(<Markdown text={'One\n\nT'} streaming />);
    // "One" loses its streaming flag (and caret) once, "T" is new.
    expect(parsed).toEqual(['One', 'T']);
    parsed.length = 0;
    rerender(<Markdown text={'One\n\nTwo'} streaming />);
    expect(parsed).toEqual(['Two']);
  });

  it('does not re-parse anything when the same text re-renders', () => {
    const { rerender } = render(<Markdown text={'A\n\nB'} />);
    parsed.length = 0;
    rerender(<Markdown text={'A\n\nB'} />);
    expect(parsed).toEqual([]);
  });

  it('does no work per final block when a long answer grows: they render in memoised groups', () => {
    const head = `${paragraphs(200).join('\n\n')}\n\n`;
    const { rerender, container } = render(<Markdown text={`${head}Tail`} />);
    expect(container.querySelectorAll('p')).toHaveLength(201);
    parsed.length = 0;
    mathChecks.count = 0;
    rerender(<Markdown text={`${head}Tail grows`} />);
    rerender(<Markdown text={`${head}Tail grows more`} />);
    expect(parsed).toEqual(['Tail grows', 'Tail grows more']);
    // Only the open group (at most 16 blocks) is looked at again, not the 200 final blocks.
    expect(mathChecks.count).toBeLessThanOrEqual(2 * 16);
    expect(container.querySelectorAll('p')).toHaveLength(201);
  });
});

describe('a large text arriving at once', () => {
  it('renders a part per task while streaming, then all of it', async () => {
    const text = paragraphs(60, 200).join('\n\n'); // about 12,000 characters
    const { container } = render(<Markdown text={text} streaming />);
    const first = container.querySelectorAll('p').length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(30);
    expect(parsed.length).toBe(first);
    await waitFor(() => expect(container.querySelectorAll('p')).toHaveLength(60));
    // Each block was parsed once on the way (the last one once more with the caret).
    expect(parsed.length).toBeLessThanOrEqual(61);
    expect(container.querySelector('[data-streaming-caret]')).not.toBeNull();
  });

  it('renders a complete text whole at once (a saved answer, the server render)', () => {
    const text = paragraphs(60, 200).join('\n\n');
    const { container } = render(<Markdown text={text} />);
    expect(container.querySelectorAll('p')).toHaveLength(60);
  });
});
