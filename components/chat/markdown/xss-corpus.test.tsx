// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dangerousDom, XSS_MARKERS, XSS_PAYLOADS, xssDocument } from '@/e2e/support/xss-corpus';
import { Markdown } from './markdown';

// The shared XSS corpus through the Markdown renderer, finished and mid-stream (every prefix a
// stream could stop at is a different parse). The end-to-end test (e2e/specs/xss.spec.ts) runs
// the same corpus in Chromium on every surface.

beforeAll(() => {
  // KaTeX checks for standards mode when it loads; happy-dom does not implement compatMode.
  Object.defineProperty(document, 'compatMode', { value: 'CSS1Compat', configurable: true });
});
afterEach(cleanup);

describe('the XSS corpus in Markdown', () => {
  it('has at least 50 payloads with unique ids', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    expect(new Set(XSS_PAYLOADS.map((p) => p.id)).size).toBe(XSS_PAYLOADS.length);
  });

  it.each(XSS_PAYLOADS.map((p) => [p.id, p.kind, p.text] as const))(
    'payload %i (%s) renders inert',
    async (_id, kind, text) => {
      const { container } = render(<Markdown text={text} />);
      // Math loads lazily; wait until KaTeX (or its error text) replaced the source.
      if (kind === 'katex') await waitFor(() => expect(container.textContent).not.toContain('$$'));
      expect(dangerousDom(container, XSS_MARKERS)).toEqual([]);
      expect(container.querySelector('script, img, svg script, foreignObject')).toBeNull();
    },
  );

  it('stays inert at every point a stream could be cut', () => {
    const doc = xssDocument();
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (let end = 7; end < doc.length; end += 61) {
      rerender(<Markdown text={doc.slice(0, end)} streaming />);
      expect(dangerousDom(container, XSS_MARKERS)).toEqual([]);
    }
    rerender(<Markdown text={doc} />);
    expect(dangerousDom(container, XSS_MARKERS)).toEqual([]);
  }, 60_000);
});
