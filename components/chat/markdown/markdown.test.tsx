// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

afterEach(cleanup);

/** Markup with attributes sorted, so the order React happened to set them in does not matter. */
function canonical(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = [...node.attributes]
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(' ');
  const children = [...node.childNodes].map(canonical).join('');
  return `<${node.tagName.toLowerCase()} ${attributes}>${children}</${node.tagName.toLowerCase()}>`;
}

function renderMarkdown(text: string, streaming = false) {
  return render(<Markdown text={text} streaming={streaming} />).container;
}

describe('Markdown safety', () => {
  it('renders raw HTML as inert text', () => {
    const container = renderMarkdown(
      'Hi <script>alert(1)</script> and <img src=x onerror="alert(2)"> <iframe src="https://evil.test"></iframe>\n\n<script>\nalert(3)\n</script>',
    );
    expect(container.querySelector('script, img, iframe')).toBeNull();
    expect(container.querySelectorAll('[onerror]')).toHaveLength(0);
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror="alert(2)">');
    expect(container.textContent).toContain('alert(3)');
  });

  it('never produces javascript: or data: links and keeps their text', () => {
    const container = renderMarkdown(
      '[click](javascript:alert(1)) [two](JAVASCRIPT:alert(1)) [three](data:text/html,<b>x</b>) <javascript:alert(1)>',
    );
    for (const element of container.querySelectorAll('[href]')) {
      expect(element.getAttribute('href')?.toLowerCase()).not.toMatch(/^\s*(javascript|data):/);
    }
    expect(screen.getByText('click')).toBeTruthy();
    expect(screen.getByText('two')).toBeTruthy();
    expect(screen.getByText('three')).toBeTruthy();
  });

  it('does not load images from model output, offering a link instead', () => {
    const container = renderMarkdown(
      '![chart](https://example.com/a.png) ![x](javascript:alert(1))',
    );
    expect(container.querySelector('img')).toBeNull();
    const link = screen.getByRole('link', { name: '[Image: chart]' });
    expect(link.getAttribute('href')).toBe('https://example.com/a.png');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByText('[Image: x]').tagName).toBe('SPAN');
  });

  it('opens external links in a new tab with safe rel, anchors in place', () => {
    renderMarkdown('[site](https://example.com) and https://auto.example.org and [top](#top)');
    for (const name of ['site', 'https://auto.example.org']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
    const anchor = screen.getByRole('link', { name: 'top' });
    expect(anchor.getAttribute('target')).toBeNull();
  });
});

describe('Markdown GFM', () => {
  it('renders tables, task lists and strikethrough', () => {
    const container = renderMarkdown(
      '| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [x] done\n- [ ] todo\n\n~~old~~ new',
    );
    const table = container.querySelector('table');
    expect(table?.querySelectorAll('th')).toHaveLength(2);
    expect(table?.querySelectorAll('td')[1]?.textContent).toBe('2');
    const boxes = container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect([...boxes].map((box) => box.checked)).toEqual([true, false]);
    expect(container.querySelector('ul')?.className).toContain('contains-task-list');
    expect(container.querySelector('del')?.textContent).toBe('old');
  });

  it('renders a half-streamed table as text until its delimiter row arrives', () => {
    expect(renderMarkdown('| a | b |', true).querySelector('table')).toBeNull();
    cleanup();
    expect(renderMarkdown('| a | b |\n|---|---|', true).querySelector('table')).not.toBeNull();
  });

  it('styles inline code without turning it into a code block', () => {
    const container = renderMarkdown('Use `npm test` now');
    expect(container.querySelector('pre')).toBeNull();
    expect(container.querySelector('p code')?.textContent).toBe('npm test');
  });
});

describe('Markdown streaming', () => {
  it('renders an unterminated fence as a code block while streaming', () => {
    const container = renderMarkdown('Here:\n\n```python\nprint("hi")\nfor x in', true);
    const pre = container.querySelector('pre');
    expect(pre?.textContent).toBe('print("hi")\nfor x in');
    expect(pre?.getAttribute('data-language')).toBe('python');
  });

  it('does not show a half-typed closing fence inside the code', () => {
    const container = renderMarkdown('```\nline\n``', true);
    expect(container.querySelector('pre')?.textContent).toBe('line');
  });

  it('places the caret after the last word while streaming, and drops it when done', () => {
    const { container, rerender } = render(
      <Markdown text={'First.\n\n- one\n- two **bold**'} streaming />,
    );
    const carets = container.querySelectorAll('[data-streaming-caret]');
    expect(carets).toHaveLength(1);
    expect(carets[0]?.parentElement?.tagName).toBe('LI');
    expect(carets[0]?.getAttribute('aria-hidden')).toBe('true');
    expect(carets[0]?.parentElement?.textContent).toBe('two bold');
    // Steady while the text moves it: an animation here restyles the page all through the stream.
    expect(carets[0]?.className).not.toMatch(/animate-/);

    rerender(<Markdown text={'First.\n\n- one\n- two **bold**'} streaming={false} />);
    expect(container.querySelector('[data-streaming-caret]')).toBeNull();
  });

  it('renders the same content whole or streamed in pieces', () => {
    const text =
      '# Title\n\nPara with *em*.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n1. one\n2. two\n\n> quote';
    const whole = canonical(renderMarkdown(text));
    cleanup();
    const { container, rerender } = render(<Markdown text="" streaming />);
    for (let end = 1; end <= text.length; end += 7) {
      rerender(<Markdown text={text.slice(0, end)} streaming />);
    }
    rerender(<Markdown text={text} streaming={false} />);
    expect(canonical(container)).toBe(whole);
  });
});
