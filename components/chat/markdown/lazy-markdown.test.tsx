// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './lazy-markdown';

afterEach(cleanup);

// One module instance for the whole file, in order: first nothing is loaded, then everything is.
describe('lazy Markdown', () => {
  it('shows the text as plain text until the renderer has loaded, then as markdown', async () => {
    const { container, rerender } = render(<Markdown text={'**bold** and `code`'} streaming />);
    expect(container.querySelector('[data-markdown-pending]')?.textContent).toBe(
      '**bold** and `code`',
    );
    expect(container.querySelector('strong')).toBeNull();

    // Text that grows meanwhile is shown as it grows.
    rerender(<Markdown text={'**bold** and `code` more'} streaming />);
    expect(container.querySelector('[data-markdown-pending]')?.textContent).toBe(
      '**bold** and `code` more',
    );

    // The first import compiles the whole markdown stack: slow on a busy machine.
    const bold = await screen.findByText('bold', {}, { timeout: 15_000 });
    expect(bold.tagName).toBe('STRONG');
    expect(container.querySelector('[data-markdown-pending]')).toBeNull();
    expect(screen.getByText('code').tagName).toBe('CODE');
  });

  it('renders at once, without a plain-text step, when loaded before its first use', async () => {
    // A fresh module: its lazy component has never rendered, as on a page idle before the reply.
    vi.resetModules();
    const fresh = await import('./lazy-markdown');
    await act(() => fresh.preloadMarkdown());
    const { container } = render(<fresh.Markdown text={'# Title\n\n- one\n- two'} />);
    expect(container.querySelector('[data-markdown-pending]')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Title' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps showing plain text when the renderer cannot be loaded', async () => {
    vi.resetModules();
    vi.doMock('./markdown', () => {
      throw new Error('chunk failed to load');
    });
    try {
      const fresh = await import('./lazy-markdown');
      const { container } = render(<fresh.Markdown text="**still here**" />);
      await act(() => fresh.preloadMarkdown().catch(() => {}));
      expect(container.querySelector('[data-markdown-pending]')?.textContent).toBe(
        '**still here**',
      );
    } finally {
      vi.doUnmock('./markdown');
    }
  });
});
