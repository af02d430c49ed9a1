// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeBlock } from './code-block';
import { Markdown } from './markdown';

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('CodeBlock', () => {
  it('shows the language and copies the code with feedback', async () => {
    vi.useFakeTimers();
    render(<CodeBlock code={'echo hi\n'} language="sh" complete={false} />);
    expect(screen.getByText('sh')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Copy code' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('echo hi\n');
    expect(button.textContent).toBe('Copied');
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard');
    act(() => {
      vi.advanceTimersByTime(2_500);
    });
    expect(button.textContent).toBe('Copy');
  });

  it('reports a refused clipboard write', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    render(<CodeBlock code="x" language={null} complete />);
    const button = screen.getByRole('button', { name: 'Copy code' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Copy failed');
  });

  it('highlights a complete block with light and dark colours, keeping HTML inert', async () => {
    const code = 'const tag = "<img src=x onerror=alert(1)>";\n// done';
    const { container } = render(<CodeBlock code={code} language="ts" complete />);
    const pre = container.querySelector('pre');
    // Plain text first, while Shiki loads.
    expect(pre?.hasAttribute('data-highlighted')).toBe(false);
    expect(pre?.textContent).toBe(code);
    await waitFor(() => expect(pre?.hasAttribute('data-highlighted')).toBe(true), {
      timeout: 10_000,
    });
    expect(pre?.textContent).toBe(code);
    expect(container.querySelector('img')).toBeNull();
    const keyword = [...container.querySelectorAll<HTMLElement>('code span span')].find(
      (span) => span.textContent === 'const',
    );
    expect(keyword?.style.getPropertyValue('--shiki-light')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(keyword?.style.getPropertyValue('--shiki-dark')).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('leaves unknown languages and incomplete blocks plain', async () => {
    const { container } = render(
      <>
        <CodeBlock code="some words" language="no-such-language" complete />
        <CodeBlock code="const b = 2;" language="ts" complete={false} />
      </>,
    );
    // Shiki is already loaded by the previous test, so any highlighting would land quickly.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.querySelectorAll('pre[data-highlighted]')).toHaveLength(0);
  });

  it('highlights a streaming block once its fence has closed, not while it is open', async () => {
    const closed = '```ts\nlet done = true;\n```\n\n- next';
    const open = '```ts\nlet more = 1;';
    const { container } = render(<Markdown text={`${closed}\n\n${open}`} streaming />);
    await waitFor(() =>
      expect(container.querySelectorAll('pre[data-highlighted]')).toHaveLength(1),
    );
    expect(container.querySelector('pre[data-highlighted]')?.textContent).toBe('let done = true;');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.querySelectorAll('pre[data-highlighted]')).toHaveLength(1);
  });

  it('tells apart an open fence from a closed one inside the same streaming block', async () => {
    const text = '- step\n\n  ```ts\n  let x = 1;\n  ```\n\n  ```ts\n  let y';
    const { container } = render(<Markdown text={text} streaming />);
    await waitFor(() =>
      expect(container.querySelectorAll('pre[data-highlighted]')).toHaveLength(1),
    );
    const blocks = [...container.querySelectorAll('pre')];
    expect(blocks.map((pre) => pre.hasAttribute('data-highlighted'))).toEqual([true, false]);
  });
});
