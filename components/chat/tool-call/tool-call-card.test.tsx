// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolCardStatus } from '@/lib/chat/turns';
import type { ChatMessage, ToolCall, ToolRun } from '@/lib/chat/types';
import { STATUS_LABEL } from './format';
import { ToolCallCard } from './tool-call-card';

afterEach(cleanup);

const call = (args: string, name = 'get_weather', id = 'call_1'): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

function toolMessage(
  content: string,
  run: ToolRun['status'],
  durationMs: number | null = 420,
): ChatMessage {
  return {
    id: 'tool-msg-1',
    conversationId: 'c',
    parentId: 'a',
    role: 'tool',
    content,
    reasoning: null,
    refusal: null,
    toolCalls: null,
    toolCallId: 'call_1',
    status: run === 'error' ? 'error' : 'complete',
    finishReason: null,
    usage: null,
    model: null,
    error: null,
    reasoningMs: null,
    toolRun: { name: 'get_weather', status: run, durationMs },
    createdAt: '',
  };
}

const card = () => screen.getByTestId('tool-call') as HTMLDetailsElement;
const summary = () => card().querySelector('summary') as HTMLElement;

describe('ToolCallCard', () => {
  it('follows the contract: data-testid, data-status and the name in the summary', () => {
    render(
      <ToolCallCard
        call={call('{"city":"Paris","unit":"celsius"}')}
        status="done"
        result={toolMessage('{"temp":21}', 'done')}
      />,
    );
    expect(card().tagName).toBe('DETAILS');
    expect(card().dataset.status).toBe('done');
    expect(card().open).toBe(false);
    const text = summary().textContent ?? '';
    expect(text).toContain('get_weather');
    expect(text).toContain('city: "Paris", unit: "celsius"');
    expect(text).toContain('Done');
    expect(text).toContain('0.4 s');
  });

  it.each(Object.entries(STATUS_LABEL))('spells out status %s as "%s"', (status, label) => {
    render(<ToolCallCard call={call('{}')} status={status as ToolCardStatus} result={null} />);
    expect(card().dataset.status).toBe(status);
    expect(within(summary()).getByTestId('tool-status').textContent).toBe(label);
  });

  it('truncates a long argument summary to one line', () => {
    const long = JSON.stringify({ text: 'x'.repeat(500) });
    render(<ToolCallCard call={call(long)} status="done" result={null} />);
    const line = screen.getByTestId('tool-summary').textContent ?? '';
    expect(line.length).toBeLessThanOrEqual(80);
    expect(line.endsWith('…')).toBe(true);
  });

  it('pretty-prints partial arguments while they stream, then exactly once complete', () => {
    const { rerender } = render(
      <ToolCallCard call={call('{"city": "Par')} status="streaming" result={null} />,
    );
    expect(screen.getByTestId('tool-arguments').textContent).toBe('{\n  "city": "Par…"\n}');
    expect(screen.queryByTestId('tool-arguments-warning')).toBeNull();
    expect(screen.queryByText('Result')).toBeNull();

    rerender(
      <ToolCallCard call={call('{"city": "Paris", "days": 3}')} status="running" result={null} />,
    );
    expect(screen.getByTestId('tool-arguments').textContent).toBe(
      '{\n  "city": "Paris",\n  "days": 3\n}',
    );
    expect(screen.getByText('Running…', { selector: 'p' })).toBeTruthy();
  });

  it('shows arguments that are not JSON raw, with a warning', () => {
    const raw = '{city: Paris';
    render(<ToolCallCard call={call(raw)} status="not_executed" result={null} />);
    expect(screen.getByTestId('tool-arguments-warning').textContent).toBe(
      'Arguments are not valid JSON',
    );
    expect(screen.getByTestId('tool-arguments').textContent).toBe(raw);
    expect(screen.getByText('This tool was not run.')).toBeTruthy();
  });

  it('warns about arguments that stopped before the JSON was complete', () => {
    const { rerender } = render(
      <ToolCallCard call={call('{"a": [1, 2')} status="streaming" result={null} />,
    );
    expect(screen.queryByTestId('tool-arguments-warning')).toBeNull();
    rerender(<ToolCallCard call={call('{"a": [1, 2')} status="not_executed" result={null} />);
    expect(screen.getByTestId('tool-arguments-warning')).toBeTruthy();
    expect(screen.getByTestId('tool-arguments').textContent).toBe('{"a": [1, 2');
  });

  it('shows a JSON result pretty-printed and a text result as is', () => {
    const { rerender } = render(
      <ToolCallCard call={call('{}')} status="done" result={toolMessage('{"temp":21}', 'done')} />,
    );
    expect(screen.getByTestId('tool-result').textContent).toBe('{\n  "temp": 21\n}');
    rerender(
      <ToolCallCard call={call('{}')} status="done" result={toolMessage('It is 21 °C', 'done')} />,
    );
    expect(screen.getByTestId('tool-result').textContent).toBe('It is 21 °C');
  });

  it('styles an error result as an error', () => {
    render(
      <ToolCallCard
        call={call('{}')}
        status="error"
        result={toolMessage('Timed out after 20 s', 'error')}
      />,
    );
    expect(screen.getByText('Error', { selector: 'p' })).toBeTruthy();
    const result = screen.getByTestId('tool-result');
    expect(result.textContent).toBe('Timed out after 20 s');
    expect(result.className).toContain('text-red-900');
  });

  it('clips long results and reveals everything with a "Show all" toggle that needs no JS', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `row ${i}`);
    render(
      <ToolCallCard
        call={call('{}')}
        status="done"
        result={toolMessage(lines.join('\n'), 'done')}
      />,
    );
    const preview = screen.getByTestId('tool-result');
    expect(preview.dataset.clipped).toBe('');
    expect(preview.textContent).toContain('row 39');
    expect(preview.textContent).not.toContain('row 40');
    expect(screen.getByTestId('tool-result-full').textContent).toBe(lines.join('\n'));
    // A native checkbox drives the CSS; the card keeps exactly one <summary>, its own.
    const toggle = screen.getByRole('checkbox', { name: 'Show all' }) as HTMLInputElement;
    expect(toggle.closest('label')?.textContent).toContain('100 lines');
    expect(card().querySelectorAll('summary')).toHaveLength(1);
    expect(toggle.checked).toBe(false);
    fireEvent.click(screen.getByText('Show all'));
    expect(toggle.checked).toBe(true);
    // The outer card stays as it was.
    expect(card().open).toBe(false);
  });

  it('does not clip short results', () => {
    render(<ToolCallCard call={call('{}')} status="done" result={toolMessage('ok', 'done')} />);
    expect(screen.queryByTestId('show-all')).toBeNull();
  });

  it('offers Approve and Deny in an open card when awaiting approval', () => {
    const onApproval = vi.fn();
    render(
      <ToolCallCard
        call={call('{"city":"Paris"}')}
        status="awaiting_approval"
        result={toolMessage('', 'awaiting_approval', null)}
        onApproval={onApproval}
      />,
    );
    expect(card().open).toBe(true);
    const body = card().querySelector('summary + div') as HTMLElement;
    fireEvent.click(within(body).getByRole('button', { name: 'Approve' }));
    expect(onApproval).toHaveBeenLastCalledWith('tool-msg-1', true);
    fireEvent.click(within(body).getByRole('button', { name: 'Deny' }));
    expect(onApproval).toHaveBeenLastCalledWith('tool-msg-1', false);
    expect(onApproval).toHaveBeenCalledTimes(2);
  });

  it('disables the buttons while a returned promise is pending', async () => {
    let settle!: () => void;
    const onApproval = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    render(
      <ToolCallCard
        call={call('{}')}
        status="awaiting_approval"
        result={toolMessage('', 'awaiting_approval', null)}
        onApproval={onApproval}
      />,
    );
    const approve = screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    fireEvent.click(approve);
    expect(approve.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Deny' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => settle());
    expect(approve.disabled).toBe(false);
  });

  it('has no buttons without onApproval, or in any other state', () => {
    const { rerender } = render(
      <ToolCallCard
        call={call('{}')}
        status="awaiting_approval"
        result={toolMessage('', 'awaiting_approval', null)}
      />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(card().dataset.status).toBe('awaiting_approval');
    rerender(
      <ToolCallCard
        call={call('{}')}
        status="denied"
        result={toolMessage('The user denied this call.', 'denied')}
        onApproval={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByTestId('tool-result').textContent).toBe('The user denied this call.');
  });

  it('opens when the call starts waiting for approval, and leaves it to the reader afterwards', () => {
    const c = call('{}');
    const { rerender } = render(<ToolCallCard call={c} status="running" result={null} />);
    expect(card().open).toBe(false);
    rerender(
      <ToolCallCard
        call={c}
        status="awaiting_approval"
        result={toolMessage('', 'awaiting_approval', null)}
      />,
    );
    expect(card().open).toBe(true);
    rerender(<ToolCallCard call={c} status="done" result={toolMessage('ok', 'done')} />);
    expect(card().open).toBe(true);
  });

  it('toggles from its summary, which is focusable, and keeps the state while arguments stream', () => {
    const { rerender } = render(
      <ToolCallCard call={call('{"q": "a')} status="streaming" result={null} />,
    );
    const details = card();
    summary().focus();
    expect(document.activeElement).toBe(summary());
    // Enter and Space on a focused <summary> dispatch this activation in browsers.
    fireEvent.click(summary());
    expect(details.open).toBe(true);
    for (const args of ['{"q": "ab', '{"q": "abc"', '{"q": "abc", "n": 1']) {
      rerender(<ToolCallCard call={call(args)} status="streaming" result={null} />);
      expect(card()).toBe(details);
      expect(details.open).toBe(true);
    }
    fireEvent.click(summary());
    expect(details.open).toBe(false);
    rerender(<ToolCallCard call={call('{"q": "abc", "n": 12}')} status="running" result={null} />);
    expect(details.open).toBe(false);
  });

  it('renders an unknown tool with the same generic card', () => {
    render(
      <ToolCallCard
        call={call('{"x":1}', 'mcp__weird__thing')}
        status="not_executed"
        result={toolMessage('Unknown tool: mcp__weird__thing', 'not_executed')}
      />,
    );
    expect(summary().textContent).toContain('mcp__weird__thing');
    expect(card().dataset.status).toBe('not_executed');
    expect(screen.getByTestId('tool-result').textContent).toBe('Unknown tool: mcp__weird__thing');
  });

  it('shows why a call failed or did not run in the header, in place of the arguments', () => {
    const { rerender } = render(
      <ToolCallCard
        call={call('{"x":1}', 'mcp__weird__thing')}
        status="not_executed"
        result={toolMessage('Unknown tool:\n  mcp__weird__thing', 'not_executed')}
      />,
    );
    expect(summary().querySelector('[data-testid="tool-reason"]')?.textContent).toBe(
      'Unknown tool: mcp__weird__thing',
    );
    expect(screen.queryByTestId('tool-summary')).toBeNull();
    rerender(
      <ToolCallCard
        call={call('{"x":1}')}
        status="done"
        result={toolMessage('{"ok":true}', 'done')}
      />,
    );
    expect(screen.queryByTestId('tool-reason')).toBeNull();
    expect(screen.getByTestId('tool-summary').textContent).toContain('x');
  });

  it('renders on the server as a native disclosure that needs no JavaScript', () => {
    const html = renderToStaticMarkup(
      <ToolCallCard
        call={call('{"city":"Paris"}')}
        status="awaiting_approval"
        result={toolMessage('', 'awaiting_approval', null)}
      />,
    );
    expect(html).toMatch(
      /^<details open="" data-testid="tool-call" data-status="awaiting_approval"/,
    );
    expect(html).toContain('<summary');
    expect(html).toContain('get_weather');
  });
});
