// Reads a Chromium trace (Playwright's browser.startTracing/stopTracing) for the longest task on
// the page's main thread: the longtask observer only reports tasks over 50 ms, the trace every one.

export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  /** Start, µs (trace clock). */
  ts?: number;
  /** Thread (CPU) clock at the start, µs. */
  tts?: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs. */
  tdur?: number;
  args?: { name?: string; data?: { frames?: { processId?: number }[] } };
}

/** Chromium's own name for one task of a thread's event loop. */
const TASK = 'RunTask';

export interface LongestTask {
  /** Wall-clock ms of the longest task. */
  ms: number;
  /** Main-thread CPU ms of the longest task by CPU time (less skewed by a busy machine). */
  cpuMs: number | null;
}

/** `pid:tid` of the renderer main threads; only the page's renderer when the trace names it. */
export function pageMainThreads(events: TraceEvent[]): Set<string> {
  const mainThreads = new Set<string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain') {
      mainThreads.add(`${e.pid}:${e.tid}`);
    }
  }
  const pagePids = new Set<number>();
  for (const e of events) {
    if (e.name !== 'TracingStartedInBrowser') continue;
    for (const f of e.args?.data?.frames ?? []) if (f.processId) pagePids.add(f.processId);
  }
  if (pagePids.size === 0) return mainThreads;
  return new Set([...mainThreads].filter((key) => pagePids.has(Number(key.split(':')[0]))));
}

/** Longest task on a renderer main thread; the page's renderer when the trace names it. */
export function longestTask(
  trace: { traceEvents?: TraceEvent[] } | TraceEvent[],
): LongestTask | null {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
  const mainThreads = pageMainThreads(events);
  let ms: number | null = null;
  let cpuMs: number | null = null;
  for (const e of events) {
    if (e.name !== TASK || e.ph !== 'X' || typeof e.dur !== 'number') continue;
    if (!mainThreads.has(`${e.pid}:${e.tid}`)) continue;
    ms = Math.max(ms ?? 0, e.dur / 1000);
    if (typeof e.tdur === 'number') cpuMs = Math.max(cpuMs ?? 0, e.tdur / 1000);
  }
  return ms === null ? null : { ms, cpuMs };
}
