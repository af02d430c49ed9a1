// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCall } from '@/lib/chat/types';
import { Reasoning } from './message/reasoning';
import { ToolCallCard } from './tool-call/tool-call-card';

// A virtualized row unmounts when it scrolls out; these remount the same disclosure the way a
// row coming back does, and expect the reader's last choice, not the default.

afterEach(cleanup);

const call: ToolCall = {
  id: 'call_1',
  type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
};

const card = (key: string) => (
  <ToolCallCard call={call} status="done" result={null} disclosureKey={key} />
);
// The choice is recorded a task after the click (once the <details> has toggled).
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const details = () => screen.getByTestId('tool-call') as HTMLDetailsElement;
const reasoning = () => screen.getByTestId('reasoning') as HTMLDetailsElement;

describe('a disclosure the reader toggled survives its row remounting', () => {
  it('a tool card opened by the reader is open again after a remount', async () => {
    const first = render(card('m1:0'));
    expect(details().open).toBe(false);
    fireEvent.click(screen.getByText('get_weather'));
    await settle();
    first.unmount();
    render(card('m1:0'));
    expect(details().open).toBe(true);
  });

  it('a card the reader closed stays closed, and other cards keep their default', async () => {
    const first = render(card('m2:0'));
    fireEvent.click(screen.getByText('get_weather'));
    await settle();
    expect(details().open).toBe(true);
    fireEvent.click(screen.getByText('get_weather'));
    await settle();
    expect(details().open).toBe(false);
    first.unmount();
    render(card('m2:0'));
    expect(details().open).toBe(false);
    cleanup();
    render(card('m3:0'));
    expect(details().open).toBe(false);
  });

  it('finished reasoning the reader opened is open again after a remount', async () => {
    const props = { text: 'thought', streaming: false, durationMs: 1200 };
    const first = render(<Reasoning id="r1" {...props} />);
    expect(reasoning().open).toBe(false);
    fireEvent.click(screen.getByText(/Thought for/));
    await settle();
    first.unmount();
    render(<Reasoning id="r1" {...props} />);
    expect(reasoning().open).toBe(true);
    cleanup();
    render(<Reasoning id="r2" {...props} />);
    expect(reasoning().open).toBe(false);
  });
});
