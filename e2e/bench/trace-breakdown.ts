// Reads a Chromium trace (devtools.timeline categories) of the page's main thread into the
// breakdown DevTools shows: script, style, layout, paint and other, as self time of each event
// (an event's time minus that of the events nested in it), and the longest gap between two
// main-thread frames (a frame the page could not start because the thread was busy).
import { pageMainThreads, type TraceEvent } from './trace';

export type Part = 'script' | 'style' | 'layout' | 'paint' | 'other';
export const PARTS: readonly Part[] = ['script', 'style', 'layout', 'paint', 'other'];

export type Breakdown = Record<Part, number> & { total: number };

const EXACT: Record<string, Part> = {
  FunctionCall: 'script',
  EvaluateScript: 'script',
  TimerFire: 'script',
  EventDispatch: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  RunMicrotasks: 'script',
  XHRReadyStateChange: 'script',
  XHRLoad: 'script',
  MajorGC: 'script',
  MinorGC: 'script',
  GCEvent: 'script',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  UpdateLayerTree: 'layout',
  ComputeIntersections: 'layout',
  HitTest: 'layout',
  IntersectionObserverController_computeIntersections: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  CompositeLayers: 'paint',
  UpdateLayer: 'paint',
  DecodeImage: 'paint',
};

/** The part an event's own time belongs to; null: the part of the event it is nested in. */
export function partOf(name: string): Part | null {
  const exact = EXACT[name];
  if (exact) return exact;
  if (/^(v8|V8|BlinkGC|ThreadState::)/.test(name) || name.startsWith('v8.')) return 'script';
  return null;
}

interface Span {
  name: string;
  start: number;
  end: number;
  /** Thread (CPU) time, µs, when the trace has it. */
  cpu: number | null;
}

/** Complete events (X) and begin/end pairs (B/E) of one thread, as spans. */
function spansOf(events: TraceEvent[]): Span[] {
  const spans: Span[] = [];
  const open: (TraceEvent & { ts: number })[] = [];
  for (const e of events) {
    if (typeof e.ts !== 'number' || !e.name) continue;
    if (e.ph === 'X' && typeof e.dur === 'number') {
      spans.push({
        name: e.name,
        start: e.ts,
        end: e.ts + e.dur,
        cpu: typeof e.tdur === 'number' ? e.tdur : null,
      });
    } else if (e.ph === 'B') {
      open.push(e as TraceEvent & { ts: number });
    } else if (e.ph === 'E') {
      const begin = open.pop();
      if (!begin) continue;
      const cpu =
        typeof begin.tts === 'number' && typeof e.tts === 'number' ? e.tts - begin.tts : null;
      spans.push({ name: begin.name ?? '', start: begin.ts, end: e.ts, cpu });
    }
  }
  // Outer spans first: by start, the longer one before the one nested in it.
  return spans.sort((a, b) => a.start - b.start || b.end - a.end);
}

const empty = (): Breakdown => ({
  script: 0,
  style: 0,
  layout: 0,
  paint: 0,
  other: 0,
  total: 0,
});

interface Frame {
  span: Span;
  part: Part;
  childWall: number;
  childCpu: number;
}

/**
 * Self time of every task of the page's main thread between `from` and `to` (µs, trace clock),
 * in ms, wall-clock and CPU (null when the trace has no thread times).
 */
export function mainThreadBreakdown(
  trace: { traceEvents?: TraceEvent[] } | TraceEvent[],
  window: { from?: number; to?: number } = {},
): { wall: Breakdown; cpu: Breakdown | null } {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const threads = pageMainThreads(events);
  const wall = empty();
  const cpu = empty();
  let hasCpu = false;
  const from = window.from ?? Number.NEGATIVE_INFINITY;
  const to = window.to ?? Number.POSITIVE_INFINITY;
  for (const key of threads) {
    const own = events.filter((e) => `${e.pid}:${e.tid}` === key);
    const stack: Frame[] = [];
    const close = (frame: Frame) => {
      const self = Math.max(0, frame.span.end - frame.span.start - frame.childWall);
      wall[frame.part] += self / 1000;
      // A nested event without thread time: its children's CPU counts, its own is unknown (0).
      const spanCpu = frame.span.cpu ?? frame.childCpu;
      cpu[frame.part] += Math.max(0, spanCpu - frame.childCpu) / 1000;
      const parent = stack.at(-1);
      if (parent) {
        parent.childWall += frame.span.end - frame.span.start;
        parent.childCpu += spanCpu;
      } else {
        wall.total += (frame.span.end - frame.span.start) / 1000;
        cpu.total += spanCpu / 1000;
        // Very short tasks come without thread time; a trace with any has CPU times.
        if (frame.span.cpu !== null) hasCpu = true;
      }
    };
    for (const span of spansOf(own)) {
      if (span.start < from || span.start > to) continue;
      while (stack.length > 0 && (stack.at(-1)?.span.end ?? 0) <= span.start) {
        close(stack.pop() as Frame);
      }
      const parent = stack.at(-1);
      // Only what runs inside a task counts (as TaskDuration does).
      if (!parent && span.name !== 'RunTask') continue;
      stack.push({
        span,
        part: partOf(span.name) ?? parent?.part ?? 'other',
        childWall: 0,
        childCpu: 0,
      });
    }
    while (stack.length > 0) close(stack.pop() as Frame);
  }
  return { wall, cpu: hasCpu ? cpu : null };
}

/** Names of the events that start a main-thread frame (rendering) in Chromium's traces. */
const FRAME_STARTS = new Set(['BeginMainThreadFrame', 'BeginFrame']);

/**
 * Longest time (ms) between the starts of two consecutive main-thread frames of the page
 * between `from` and `to` (µs); null when fewer than two frames are in the window.
 */
export function longestFrameGap(
  trace: { traceEvents?: TraceEvent[] } | TraceEvent[],
  window: { from?: number; to?: number } = {},
): { ms: number; frames: number } | null {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const threads = pageMainThreads(events);
  const from = window.from ?? Number.NEGATIVE_INFINITY;
  const to = window.to ?? Number.POSITIVE_INFINITY;
  const starts = events
    .filter(
      (e) =>
        FRAME_STARTS.has(e.name ?? '') &&
        threads.has(`${e.pid}:${e.tid}`) &&
        typeof e.ts === 'number' &&
        e.ts >= from &&
        e.ts <= to,
    )
    .map((e) => e.ts as number)
    .sort((a, b) => a - b);
  if (starts.length < 2) return null;
  let gap = 0;
  for (let i = 1; i < starts.length; i++) {
    gap = Math.max(gap, (starts[i] as number) - (starts[i - 1] as number));
  }
  return { ms: gap / 1000, frames: starts.length };
}

export function formatBreakdown(b: Breakdown): string {
  const ms = (x: number) => `${Math.round(x).toLocaleString('en-US')}`;
  return `${PARTS.map((p) => `${p} ${ms(b[p])}`).join(', ')} ms`;
}
