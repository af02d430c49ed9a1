// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TOASTS, toast, toastStore } from '@/lib/store/toast-store';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
  toastStore.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('announces info politely and errors assertively', () => {
    render(<Toaster />);
    act(() => {
      toast({ message: 'Conversation deleted' });
      toast({ message: 'Could not rename it', tone: 'error' });
    });
    expect(within(screen.getByRole('status')).getByText('Conversation deleted')).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText('Could not rename it')).toBeTruthy();
  });

  it('runs the action once and closes; Dismiss closes without it', () => {
    const undo = vi.fn();
    render(<Toaster />);
    act(() => {
      toast({ message: 'Conversation deleted', action: { label: 'Undo', onClick: undo } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Conversation deleted')).toBeNull();

    act(() => {
      toast({ message: 'Second', action: { label: 'Undo', onClick: undo } });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Second')).toBeNull();
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('goes away after its duration, but not while hovered', () => {
    render(<Toaster />);
    act(() => {
      toast({ message: 'Short-lived', durationMs: 6_000 });
    });
    const shown = screen.getByTestId('toast');
    act(() => vi.advanceTimersByTime(4_000));
    fireEvent.mouseEnter(shown);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Short-lived')).toBeTruthy();
    fireEvent.mouseLeave(shown);
    act(() => vi.advanceTimersByTime(1_900));
    expect(screen.getByText('Short-lived')).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Short-lived')).toBeNull();
  });

  it(`keeps at most ${MAX_TOASTS}, dropping the oldest`, () => {
    render(<Toaster />);
    act(() => {
      for (let i = 1; i <= MAX_TOASTS + 2; i++) toast({ message: `Toast ${i}` });
    });
    expect(
      screen.getAllByTestId('toast').map((t) => t.textContent?.replace('Dismiss', '')),
    ).toEqual(Array.from({ length: MAX_TOASTS }, (_, i) => `Toast ${i + 3}`));
  });
});
