import { describe, expect, it } from 'vitest';
import { longestTask, type TraceEvent } from './trace';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  ph: 'M',
  name: 'thread_name',
  pid,
  tid,
  args: { name },
});
const task = (pid: number, tid: number, ms: number, cpuMs?: number): TraceEvent => ({
  ph: 'X',
  name: 'RunTask',
  pid,
  tid,
  dur: ms * 1000,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
});

describe('longestTask', () => {
  it('takes the longest RunTask of a renderer main thread, not of the browser or other threads', () => {
    const events = [
      thread(1, 1, 'CrBrowserMain'),
      thread(2, 5, 'CrRendererMain'),
      thread(2, 6, 'Compositor'),
      task(1, 1, 900),
      task(2, 6, 700),
      task(2, 5, 12.5, 12),
      task(2, 5, 31, 9),
      { ph: 'X', name: 'FunctionCall', pid: 2, tid: 5, dur: 99_000 },
    ];
    // Wall time and CPU time each take their own longest task.
    expect(longestTask({ traceEvents: events })).toEqual({ ms: 31, cpuMs: 12 });
  });

  it("keeps to the page's renderer when the trace names it", () => {
    const events = [
      thread(2, 5, 'CrRendererMain'),
      thread(3, 7, 'CrRendererMain'),
      { name: 'TracingStartedInBrowser', args: { data: { frames: [{ processId: 3 }] } } },
      task(2, 5, 80),
      task(3, 7, 20),
    ];
    expect(longestTask(events)).toEqual({ ms: 20, cpuMs: null });
  });

  it('is null when the trace has no task', () => {
    expect(longestTask({ traceEvents: [thread(2, 5, 'CrRendererMain')] })).toBeNull();
  });
});
