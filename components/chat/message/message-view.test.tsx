// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@/lib/chat/types';
import { MessageView } from './message-view';
import { blankMessage } from '@/lib/chat/blank-message';

// Count renders of the markdown body to check MessageView's memoisation.
const markdownRenders = vi.hoisted(() => ({ count: 0 }));

vi.mock('@/components/chat/markdown/lazy-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/components/chat/markdown/lazy-markdown')>();
  return {
    ...actual,
    Markdown: (props: Parameters<typeof actual.Markdown>[0]) => {
      markdownRenders.count++;
      return <actual.Markdown {...props} />;
    },
  };
});

// The renderer is loaded, as it is in the app once the page is idle (see lazy-markdown.tsx).
beforeAll(async () => {
  const { preloadMarkdown } = await import('@/components/chat/markdown/lazy-markdown');
  await preloadMarkdown();
});

afterEach(() => {
  cleanup();
  markdownRenders.count = 0;
});

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return blankMessage({
    id: 'm1',
    conversationId: 'c1',
    role: 'assistant',
    finishReason: 'stop',
    model: 'test-model',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  });
}

describe('MessageView', () => {
  it('labels the article and exposes role and status', () => {
    render(
      <>
        <MessageView message={message({ id: 'u', role: 'user', content: 'Hi' })} />
        <MessageView message={message({ status: 'streaming', content: 'Hel' })} />
      </>,
    );
    const user = screen.getByRole('article', { name: 'You message' });
    expect(user.dataset.role).toBe('user');
    expect(user.dataset.status).toBe('complete');
    const assistant = screen.getByRole('article', { name: 'Assistant message' });
    expect(assistant.dataset.role).toBe('assistant');
    expect(assistant.dataset.status).toBe('streaming');
  });

  it('shows user text verbatim, never as markdown or HTML', () => {
    const content = '**bold** <img src=x onerror=alert(1)>\n# not a heading';
    render(<MessageView message={message({ role: 'user', content })} />);
    const article = screen.getByRole('article', { name: 'You message' });
    expect(article.querySelector('img, strong, h1')).toBeNull();
    expect(article.textContent).toBe(content);
  });

  it('renders assistant markdown, usage and a copy button when complete', () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <MessageView
        message={message({
          content: 'Some **bold** text',
          usage: { prompt_tokens: 12, completion_tokens: 34, total_tokens: 46 },
        })}
      />,
    );
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('12 in · 34 out · 46 tokens')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith('Some **bold** text');
  });

  it('shows a caret and no copy button or usage while streaming', () => {
    const { container } = render(
      <MessageView message={message({ status: 'streaming', content: '', finishReason: null })} />,
    );
    expect(container.querySelector('[data-streaming-caret][aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy message' })).toBeNull();
  });

  it('offers Retry for a retryable error and calls back with the message id', () => {
    const onRetry = vi.fn();
    render(
      <MessageView
        message={message({
          id: 'err-1',
          status: 'error',
          finishReason: null,
          error: {
            code: 'rate_limited',
            message: 'Too many requests',
            retryable: true,
            retryAfterSeconds: 7,
          },
        })}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    // The wait is said once, by the message itself, not repeated below it.
    expect(alert.textContent).toBe('Too many requestsRetry');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('err-1');
  });

  it('has no Retry button for a permanent error', () => {
    render(
      <MessageView
        message={message({
          status: 'error',
          error: { code: 'bad_request', message: 'Model not found', retryable: false },
        })}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Model not found');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers Continue when the answer hit the length limit', () => {
    const onContinue = vi.fn();
    render(
      <MessageView
        message={message({ id: 'long', content: 'Partial', finishReason: 'length' })}
        onContinue={onContinue}
      />,
    );
    expect(screen.getByText('The answer was cut off at the length limit.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith('long');
  });

  it('says a content filter stopped the answer, keeps the partial text, and nothing else', () => {
    const endings = {
      content_filter: message({
        id: 'f',
        content: 'Partial answer',
        finishReason: 'content_filter',
      }),
      stop: message({ id: 's', content: 'Whole answer', finishReason: 'stop' }),
      length: message({ id: 'l', content: 'Long answer', finishReason: 'length' }),
    };
    const filterNote = /stopped by the provider’s content filter/;
    const { container } = render(<MessageView message={endings.content_filter} />);
    expect(screen.getByText(filterNote)).toBeTruthy();
    expect(container.textContent).toContain('Partial answer');
    expect(screen.queryByText(/cut off|Interrupted/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    for (const other of [endings.stop, endings.length]) {
      render(<MessageView message={other} />);
      expect(screen.queryByText(filterNote)).toBeNull();
      cleanup();
    }
    render(<MessageView message={message({ status: 'error', finishReason: 'content_filter' })} />);
    expect(screen.queryByText(filterNote)).toBeNull();
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('says Stopped for an answer the user stopped, with nothing to retry', () => {
    render(
      <MessageView
        message={message({ status: 'interrupted', content: 'Half', finishReason: null })}
        onRetry={vi.fn()}
        onContinue={vi.fn()}
      />,
    );
    expect(screen.getByText('Stopped: you ended this answer before it was finished.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a dropped connection as a failure with Retry and Continue', () => {
    const onRetry = vi.fn();
    const onContinue = vi.fn();
    render(
      <MessageView
        message={message({
          id: 'cut',
          status: 'error',
          content: 'Half',
          finishReason: null,
          error: {
            code: 'connection_lost',
            message: 'The connection to the AI provider dropped before the answer was finished.',
            retryable: true,
          },
        })}
        onRetry={onRetry}
        onContinue={onContinue}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The connection to the AI provider dropped');
    expect(screen.queryByText(/Stopped/)).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledWith('cut');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('cut');
  });

  it('shows a refusal as a labelled note', () => {
    render(<MessageView message={message({ refusal: 'I can’t help with that.' })} />);
    expect(screen.getByRole('note', { name: 'Refusal' }).textContent).toBe(
      'I can’t help with that.',
    );
  });

  it('shows reasoning as "Thinking…" while thinking and the duration afterwards', () => {
    const thinking = message({ status: 'streaming', reasoning: 'Let me see', finishReason: null });
    const { rerender } = render(<MessageView message={thinking} />);
    const details = screen.getByTestId('reasoning') as HTMLDetailsElement;
    expect(details.querySelector('summary')?.textContent).toBe('Thinking…');
    expect(details.open).toBe(true);
    expect(details.textContent).toContain('Let me see');

    rerender(
      <MessageView
        message={{ ...thinking, status: 'complete', content: 'Answer', reasoningMs: 3_200 }}
      />,
    );
    expect(details.querySelector('summary')?.textContent).toBe('Thought for 3s');
    expect(details.open).toBe(false);
  });

  it('shows tool calls as cards with their arguments', () => {
    render(
      <MessageView
        message={message({
          status: 'streaming',
          finishReason: null,
          toolCalls: [
            {
              id: 'a',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
            },
            { id: 'b', type: 'function', function: { name: 'search', arguments: '{"q":"ne' } },
          ],
        })}
      />,
    );
    const calls = screen.getAllByTestId('tool-call');
    expect(calls.map((call) => call.dataset.status)).toEqual(['streaming', 'streaming']);
    expect(calls[0]?.querySelector('summary')?.textContent).toContain('get_weather');
    expect(calls[0]?.querySelector('pre')?.textContent).toBe('{\n  "city": "Paris"\n}');
    expect(calls[1]?.querySelector('pre')?.textContent).toBe('{\n  "q": "ne…"\n}');
  });

  it('does not re-render when its props are referentially equal', () => {
    const done = message({ content: 'Finished answer' });
    const onRetry = vi.fn();
    const { rerender } = render(<MessageView message={done} onRetry={onRetry} />);
    expect(markdownRenders.count).toBe(1);
    rerender(<MessageView message={done} onRetry={onRetry} />);
    expect(markdownRenders.count).toBe(1);
    rerender(<MessageView message={{ ...done }} onRetry={onRetry} />);
    expect(markdownRenders.count).toBe(2);
  });
});
