// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ToolCall, ToolRun } from '@/lib/chat/types';
import { AssistantTurn } from './assistant-turn';
import { blankMessage } from '@/lib/chat/blank-message';

// Counts markdown renders to check the turn's memoisation.
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

function msg(id: string, role: ChatMessage['role'], extra: Partial<ChatMessage> = {}): ChatMessage {
  return blankMessage({
    id,
    conversationId: 'c',
    role,
    finishReason: role === 'assistant' ? 'stop' : null,
    model: 'm',
    ...extra,
  });
}

const call = (id: string, name: string, args: string): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

const tool = (id: string, callId: string, content: string, status: ToolRun['status'] = 'done') =>
  msg(id, 'tool', {
    toolCallId: callId,
    content,
    status: status === 'running' || status === 'awaiting_approval' ? 'streaming' : 'complete',
    toolRun: { name: 'x', status, durationMs: status === 'done' ? 300 : null },
  });

// Two steps: the first asks for two tools in parallel, the second calls one more, then answers.
function twoStepTurn() {
  const step1 = msg('a1', 'assistant', {
    content: 'Let me check.',
    reasoning: 'Need the time and a sum.',
    reasoningMs: 1200,
    toolCalls: [
      call('c1', 'get_time', '{"timeZone":"Europe/Paris"}'),
      call('c2', 'calculate', '{"expression":"2+2"}'),
    ],
    finishReason: 'tool_calls',
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
  const t1 = tool('t1', 'c1', '{"time":"12:00"}');
  const t2 = tool('t2', 'c2', '4');
  const step2 = msg('a2', 'assistant', {
    toolCalls: [call('c3', 'convert_units', '{"value":1,"from":"km","to":"mi"}')],
    finishReason: 'tool_calls',
    usage: { prompt_tokens: 30, completion_tokens: 4, total_tokens: 34 },
  });
  const t3 = tool('t3', 'c3', '{"value":0.621}');
  const step3 = msg('a3', 'assistant', {
    content: 'It is **noon** and 2+2 is 4.',
    usage: { prompt_tokens: 50, completion_tokens: 9, total_tokens: 59 },
  });
  return [step1, t1, t2, step2, t3, step3];
}

describe('AssistantTurn', () => {
  it('renders every step of a turn in one article with its cards in order and their results', () => {
    render(<AssistantTurn messages={twoStepTurn()} />);
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(1);
    const article = screen.getByRole('article', { name: 'Assistant message' });
    expect(article.dataset.role).toBe('assistant');
    expect(article.dataset.status).toBe('complete');

    const cards = within(article).getAllByTestId('tool-call');
    expect(cards.map((c) => c.querySelector('[data-testid="tool-name"]')?.textContent)).toEqual([
      'get_time',
      'calculate',
      'convert_units',
    ]);
    expect(cards.map((c) => c.dataset.status)).toEqual(['done', 'done', 'done']);
    expect(cards.map((c) => c.querySelector('[data-testid="tool-result"]')?.textContent)).toEqual([
      '{\n  "time": "12:00"\n}',
      '4',
      '{\n  "value": 0.621\n}',
    ]);

    // Text, reasoning and cards follow the order of the steps.
    const text = article.textContent ?? '';
    const order = ['Thought for 1s', 'Let me check.', 'get_time', 'convert_units', 'noon'].map(
      (s) => text.indexOf(s),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(screen.getByText('noon').tagName).toBe('STRONG');
  });

  it('sums the usage of every step and copies the text of every step', () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<AssistantTurn messages={twoStepTurn()} />);
    expect(screen.getByTestId('usage').textContent).toBe('90 in · 18 out · 108 tokens');
    fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith('Let me check.\n\nIt is **noon** and 2+2 is 4.');
  });

  it('shows cards while the arguments stream and no copy button or usage until done', () => {
    const streaming = msg('a1', 'assistant', {
      status: 'streaming',
      finishReason: null,
      toolCalls: [
        call('c1', 'get_time', '{"timeZone":"Europe/Paris"}'),
        call('c2', 'calc', '{"ex'),
      ],
    });
    render(<AssistantTurn messages={[streaming]} live />);
    const article = screen.getByRole('article', { name: 'Assistant message' });
    expect(article.dataset.status).toBe('streaming');
    expect(article.getAttribute('aria-busy')).toBe('true');
    const cards = screen.getAllByTestId('tool-call');
    expect(cards.map((c) => c.dataset.status)).toEqual(['streaming', 'streaming']);
    expect(cards[1]?.querySelector('[data-testid="tool-arguments"]')?.textContent).toBe('{}');
    expect(screen.queryByRole('button', { name: 'Copy message' })).toBeNull();
  });

  it('shows calls as running between steps of a live turn, then waits for the model', () => {
    const asked = msg('a1', 'assistant', {
      toolCalls: [call('c1', 'get_time', '{}'), call('c2', 'calc', '{}')],
      finishReason: 'tool_calls',
    });
    const { rerender, container } = render(<AssistantTurn messages={[asked]} live />);
    expect(screen.getAllByTestId('tool-call').map((c) => c.dataset.status)).toEqual([
      'running',
      'running',
    ]);
    expect(container.querySelector('[data-streaming-caret]')).toBeNull();

    rerender(
      <AssistantTurn
        messages={[asked, tool('t1', 'c1', 'noon'), tool('t2', 'c2', '', 'running')]}
        live
      />,
    );
    expect(screen.getAllByTestId('tool-call').map((c) => c.dataset.status)).toEqual([
      'done',
      'running',
    ]);

    rerender(
      <AssistantTurn messages={[asked, tool('t1', 'c1', 'noon'), tool('t2', 'c2', '4')]} live />,
    );
    expect(container.querySelector('[data-streaming-caret]')).not.toBeNull();
  });

  it('marks calls that were never run as not executed in a saved turn', () => {
    const asked = msg('a1', 'assistant', {
      toolCalls: [call('c1', 'unknown_tool', '{}')],
      finishReason: 'tool_calls',
    });
    render(<AssistantTurn messages={[asked]} />);
    expect(screen.getByTestId('tool-call').dataset.status).toBe('not_executed');
  });

  it('passes approvals with the tool message id, and shows no buttons without a handler', () => {
    const asked = msg('a1', 'assistant', {
      toolCalls: [call('c1', 'delete_file', '{"path":"/tmp/x"}')],
      finishReason: 'tool_calls',
    });
    const waiting = tool('t1', 'c1', '', 'awaiting_approval');
    const onApproval = vi.fn();
    const { rerender } = render(
      <AssistantTurn messages={[asked, waiting]} onApproval={onApproval} />,
    );
    const article = screen.getByRole('article', { name: 'Assistant message' });
    // Paused for approval: the stream has ended.
    expect(article.dataset.status).toBe('complete');
    const card = screen.getByTestId('tool-call') as HTMLDetailsElement;
    expect(card.dataset.status).toBe('awaiting_approval');
    expect(card.open).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: 'Deny' }));
    expect(onApproval).toHaveBeenCalledWith('t1', false);

    rerender(<AssistantTurn messages={[asked, waiting]} />);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows notices for the last step and retries it by id', () => {
    const onRetry = vi.fn();
    const failed = msg('a2', 'assistant', {
      status: 'error',
      finishReason: null,
      error: { code: 'upstream', message: 'Upstream failed', retryable: true },
    });
    render(<AssistantTurn messages={[...twoStepTurn().slice(0, 3), failed]} onRetry={onRetry} />);
    expect(screen.getByRole('article', { name: 'Assistant message' }).dataset.status).toBe('error');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Upstream failed');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('a2');
  });

  it('renders a turn made only of tool messages', () => {
    render(<AssistantTurn messages={[tool('t1', 'c1', 'orphan result')]} />);
    const card = screen.getByTestId('tool-call');
    expect(card.dataset.status).toBe('done');
    expect(within(card).getByTestId('tool-result').textContent).toBe('orphan result');
  });

  it('shows a refusal after the step content', () => {
    render(
      <AssistantTurn
        messages={[msg('a1', 'assistant', { content: 'Hmm.', refusal: 'I can’t help with that.' })]}
      />,
    );
    expect(screen.getByRole('note', { name: 'Refusal' }).textContent).toBe(
      'I can’t help with that.',
    );
  });

  it('does not re-render for a new array of the same messages', () => {
    const messages = twoStepTurn();
    const onRetry = vi.fn();
    const { rerender } = render(<AssistantTurn messages={messages} onRetry={onRetry} />);
    const first = markdownRenders.count;
    expect(first).toBeGreaterThan(0);
    rerender(<AssistantTurn messages={[...messages]} onRetry={onRetry} />);
    expect(markdownRenders.count).toBe(first);
    // A changed message or a different callback does re-render.
    const changed = [...messages];
    changed[5] = { ...messages[5], content: 'Changed' } as ChatMessage;
    rerender(<AssistantTurn messages={changed} onRetry={onRetry} />);
    expect(markdownRenders.count).toBeGreaterThan(first);
    const second = markdownRenders.count;
    rerender(<AssistantTurn messages={changed} onRetry={vi.fn()} />);
    expect(markdownRenders.count).toBeGreaterThan(second);
  });
});
