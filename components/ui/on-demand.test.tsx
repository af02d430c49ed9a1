// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand';

afterEach(cleanup);

const Hello = ({ who }: { who: string }) => <p>Hello {who}</p>;

describe('onDemand', () => {
  it('loads once, on first render or on preload, and then renders at once', async () => {
    const load = vi.fn(async () => Hello);
    const hello = onDemand(load, 'Greeting');
    expect(load).not.toHaveBeenCalled();

    hello.preload();
    hello.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<hello.Component who="first" />);
    expect(await screen.findByText('Hello first')).toBeTruthy();

    cleanup();
    render(<hello.Component who="again" />);
    expect(screen.getByText('Hello again')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says it is loading when loading takes a moment, and offers a retry when it fails', async () => {
    vi.useFakeTimers();
    try {
      let fail = true;
      const load = vi.fn(() =>
        fail ? Promise.reject(new Error('offline')) : Promise.resolve(Hello),
      );
      const hello = onDemand(load, 'Greeting');
      render(<hello.Component who="you" />);
      expect(screen.getByText('Loading greeting…').className).toBe('sr-only');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      expect(screen.getByText(/Greeting could not be loaded/)).toBeTruthy();

      fail = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(screen.getByText('Hello you')).toBeTruthy();
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
