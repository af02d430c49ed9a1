// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown';

// Counts how often the lazily imported math chunk is actually evaluated.
const mathModule = vi.hoisted(() => ({ loads: 0 }));

vi.mock('./math-plugins', async (importOriginal) => {
  mathModule.loads++;
  return importOriginal();
});

beforeAll(() => {
  // KaTeX checks for standards mode when it loads; happy-dom does not implement compatMode.
  Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
});

afterEach(cleanup);

// Order matters: the math chunk is loaded once per module instance, as in the browser.
describe('Markdown math', () => {
  it('does not load KaTeX for text without math', async () => {
    const { container } = render(<Markdown text={'Costs $5 or $10.\n\nNo math here.'} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mathModule.loads).toBe(0);
    expect(container.textContent).toContain('Costs $5 or $10.');
  });

  it('loads KaTeX on demand and renders inline and display math', async () => {
    const { container } = render(
      <Markdown text={'Inline \\(a^2\\) and $b$.\n\n\\[\nE = mc^2\n\\]\n\nPrice $5.'} />,
    );
    await waitFor(() => expect(container.querySelectorAll('.katex')).toHaveLength(3));
    expect(mathModule.loads).toBe(1);
    expect(container.querySelectorAll('.katex-display')).toHaveLength(1);
    expect(container.textContent).toContain('Price $5.');
  });

  it('keeps code untouched when math is enabled', async () => {
    const { container } = render(<Markdown text={'$x$ and `echo $HOME $y$`'} />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
    expect(container.querySelector('code')?.textContent).toBe('echo $HOME $y$');
    expect(mathModule.loads).toBe(1);
  });

  it('renders invalid TeX as text instead of throwing', async () => {
    const { container } = render(<Markdown text={'$$\\frac{1}{$$'} />);
    await waitFor(() => expect(container.querySelector('.katex-error')).not.toBeNull());
  });
});
