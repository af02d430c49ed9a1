// Reads a Chromium trace (Playwright's browser.startTracing/stopTracing) for the longest task on
// the page's main thread: the longtask observer only reports tasks over 50 ms, the trace every one.

export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  dur?: number;
  args?: { name?: string; data?: { frames?: { processId?: number }[] } };
}

/** Chromium's own name for one task of a thread's event loop. */
const TASK = 'RunTask';

/** Longest task (ms) on a renderer main thread; the page's renderer when the trace names it. */
export function longestTaskMs(trace: { traceEvents?: TraceEvent[] } | TraceEvent[]): number | null {
  const events = Array.isArray(trace) ? trace : (trace.traceEvents ?? []);
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
  let longest: number | null = null;
  for (const e of events) {
    if (e.name !== TASK || e.ph !== 'X' || typeof e.dur !== 'number') continue;
    if (!mainThreads.has(`${e.pid}:${e.tid}`)) continue;
    if (pagePids.size > 0 && !pagePids.has(e.pid ?? -1)) continue;
    longest = Math.max(longest ?? 0, e.dur / 1000);
  }
  return longest;
}
