// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankMessage } from '@/lib/chat/blank-message';
import { BranchNav } from './branch-nav';
import { AssistantTurn } from './message/assistant-turn';
import { MessageView } from './message/message-view';

afterEach(cleanup);

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

const user = blankMessage({ id: 'u2', role: 'user', content: 'old text' });
const threeVersions = { index: 1, count: 3, siblingIds: ['u1', 'u2', 'u3'] };

describe('BranchNav', () => {
  it('shows "2/3" and steps to the neighbouring versions', () => {
    const onSwitch = vi.fn();
    render(<BranchNav branch={threeVersions} onSwitch={onSwitch} />);
    expect(screen.getByRole('group', { name: 'Version 2 of 3' }).textContent).toContain('2/3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(onSwitch.mock.calls).toEqual([['u1'], ['u3']]);
  });

  it('cannot step past either end, nor at all while disabled', () => {
    const { rerender } = render(
      <BranchNav branch={{ ...threeVersions, index: 0 }} onSwitch={() => {}} />,
    );
    expect(disabled(screen.getByRole('button', { name: 'Previous version' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Next version' }))).toBe(false);
    rerender(<BranchNav branch={{ ...threeVersions, index: 2 }} onSwitch={() => {}} />);
    expect(disabled(screen.getByRole('button', { name: 'Next version' }))).toBe(true);
    rerender(<BranchNav branch={threeVersions} onSwitch={() => {}} disabled />);
    expect(disabled(screen.getByRole('button', { name: 'Previous version' }))).toBe(true);
    expect(disabled(screen.getByRole('button', { name: 'Next version' }))).toBe(true);
  });
});

describe('editing a user message', () => {
  function setup(props: { busy?: boolean } = {}) {
    const onEdit = vi.fn();
    render(<MessageView message={user} onEdit={onEdit} {...props} />);
    return { onEdit, article: screen.getByRole('article', { name: 'You message' }) };
  }

  it('opens an editor with the old text; Enter submits the new text', () => {
    const { onEdit, article } = setup();
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    const field = within(article).getByRole('textbox', { name: 'Edit message' });
    expect((field as HTMLTextAreaElement).value).toBe('old text');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'new text' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(onEdit).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onEdit).toHaveBeenCalledWith('u2', 'new text');
    expect(within(article).queryByRole('textbox')).toBeNull();
  });

  it('"Save & submit" submits; it is disabled for empty text', () => {
    const { onEdit, article } = setup();
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    const field = within(article).getByRole('textbox', { name: 'Edit message' });
    const save = within(article).getByRole('button', { name: 'Save & submit' });
    fireEvent.change(field, { target: { value: '   ' } });
    expect(disabled(save)).toBe(true);
    fireEvent.change(field, { target: { value: 'better' } });
    fireEvent.click(save);
    expect(onEdit).toHaveBeenCalledWith('u2', 'better');
  });

  it('Escape and Cancel close the editor and keep the old text', () => {
    const { onEdit, article } = setup();
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(article).getByRole('textbox'), { target: { value: 'x' } });
    fireEvent.keyDown(within(article).getByRole('textbox'), { key: 'Escape' });
    expect(within(article).queryByRole('textbox')).toBeNull();
    expect(article.textContent).toContain('old text');
    fireEvent.click(within(article).getByRole('button', { name: 'Edit' }));
    fireEvent.click(within(article).getByRole('button', { name: 'Cancel' }));
    expect(within(article).queryByRole('textbox')).toBeNull();
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('cannot start while an answer is being written', () => {
    const { article } = setup({ busy: true });
    expect(disabled(within(article).getByRole('button', { name: 'Edit' }))).toBe(true);
  });

  it('shows versions beside the message, and nothing on a read-only view', () => {
    const onSwitch = vi.fn();
    const { rerender } = render(
      <MessageView message={user} branch={threeVersions} onSwitchBranch={onSwitch} />,
    );
    expect(screen.getByText('2/3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next version' }));
    expect(onSwitch).toHaveBeenCalledWith('u3');
    rerender(<MessageView message={user} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Regenerate', () => {
  const call = { id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } };
  const turn = [
    blankMessage({ id: 'a1', role: 'assistant', toolCalls: [call], finishReason: 'tool_calls' }),
    blankMessage({ id: 't1', role: 'tool', toolCallId: 'c1', content: '42' }),
    blankMessage({ id: 'a2', role: 'assistant', content: 'It is 42.', finishReason: 'stop' }),
  ];

  it('answers the whole turn again from its first assistant message', () => {
    const onRegenerate = vi.fn();
    render(<AssistantTurn messages={turn} onRegenerate={onRegenerate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledWith('a1');
  });

  it('is disabled while another answer is written, and absent while this one streams', () => {
    const { rerender } = render(<AssistantTurn messages={turn} onRegenerate={() => {}} busy />);
    expect(disabled(screen.getByRole('button', { name: 'Regenerate' }))).toBe(true);
    rerender(<AssistantTurn messages={turn} onRegenerate={() => {}} live />);
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('shows the answer versions', () => {
    render(
      <AssistantTurn
        messages={turn}
        onRegenerate={() => {}}
        branch={{ index: 0, count: 2, siblingIds: ['a1', 'a1b'] }}
        onSwitchBranch={() => {}}
      />,
    );
    expect(screen.getByRole('group', { name: 'Version 1 of 2' }).textContent).toContain('1/2');
  });
});
