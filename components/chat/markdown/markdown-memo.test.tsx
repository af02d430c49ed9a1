// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import type { Options } from 'react-markdown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown';

// Every call of react-markdown is one block being parsed and rendered; record which source it got.
const parsed = vi.hoisted(() => [] as string[]);

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
});

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
});
