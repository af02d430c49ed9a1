import { describe, expect, it } from 'vitest';
import type { TraceEvent } from './trace';
import { longestFrameGap, mainThreadBreakdown, partOf } from './trace-breakdown';

const PID = 2;
const MAIN = 5;
const meta: TraceEvent[] = [
  { ph: 'M', name: 'thread_name', pid: PID, tid: MAIN, args: { name: 'CrRendererMain' } },
  { ph: 'M', name: 'thread_name', pid: PID, tid: 6, args: { name: 'Compositor' } },
];
// Times in ms, written to the trace in µs.
const x = (name: string, start: number, ms: number, cpuMs?: number, tid = MAIN): TraceEvent => ({
  ph: 'X',
  name,
  pid: PID,
  tid,
  ts: start * 1000,
  dur: ms * 1000,
  ...(cpuMs === undefined ? {} : { tdur: cpuMs * 1000 }),
});

describe('mainThreadBreakdown', () => {
  it('splits each task into the self time of its parts, nested events included', () => {
    const trace = [
      ...meta,
      x('RunTask', 0, 100, 50),
      x('FunctionCall', 10, 40, 20),
      // A layout forced by script counts as layout, not script.
      x('Layout', 20, 10, 5),
      x('V8.GC_SCAVENGER', 40, 5, 5),
      x('UpdateLayoutTree', 55, 4, 2),
      x('Paint', 60, 10, 4),
      // Unknown names take the part of the event they are nested in (here the task: other).
      x('SomethingNew', 75, 5, 1),
      // Another thread, and time outside any task: not counted.
      x('RunTask', 0, 500, 500, 6),
      x('Layout', 200, 30, 30),
    ];
    const { wall, cpu } = mainThreadBreakdown(trace);
    expect(wall).toEqual({ script: 30, style: 4, layout: 10, paint: 10, other: 46, total: 100 });
    expect(cpu?.total).toBe(50);
    expect(cpu?.script).toBe(15);
    expect(cpu?.layout).toBe(5);
  });

  it('counts only tasks that start in the window', () => {
    const trace = [...meta, x('RunTask', 0, 10), x('RunTask', 100, 20), x('Paint', 105, 5)];
    const { wall, cpu } = mainThreadBreakdown(trace, { from: 50_000 });
    expect(wall.total).toBe(20);
    expect(wall.paint).toBe(5);
    expect(cpu).toBeNull();
  });

  it('knows the usual names', () => {
    expect(partOf('FunctionCall')).toBe('script');
    expect(partOf('v8.compile')).toBe('script');
    expect(partOf('UpdateLayoutTree')).toBe('style');
    expect(partOf('Layout')).toBe('layout');
    expect(partOf('Commit')).toBe('paint');
    expect(partOf('RunTask')).toBeNull();
  });
});

describe('longestFrameGap', () => {
  it('is the longest time between two main-thread frames in the window', () => {
    const frame = (ms: number, tid = MAIN): TraceEvent => ({
      ph: 'I',
      name: 'BeginMainThreadFrame',
      pid: PID,
      tid,
      ts: ms * 1000,
    });
    const trace = [...meta, frame(0), frame(16), frame(50), frame(300), frame(316), frame(900)];
    expect(longestFrameGap(trace, { to: 400_000 })).toEqual({ ms: 250, frames: 5 });
    // Frames of another thread do not count.
    expect(longestFrameGap([...meta, frame(0, 6), frame(500, 6)])).toBeNull();
  });
});
