import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupCpuMs, mainThreadCpuMs } from './proc';

/** Runs until this process has used `ms` more CPU (getrusage: microseconds), however loaded. */
function spin(ms: number): void {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

const stat = readFileSync('/proc/self/stat', 'utf8');
const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);

describe('CPU readings', () => {
  // The test runs on its process's main thread (vitest's forks pool). Read in the kernel's 10 ms
  // ticks, 3 ms of work is 0 or 10 ms; the budgets held against these readings are 40 ms.
  it('read below the kernel tick', () => {
    const groupBefore = groupCpuMs(pgid);
    const mainBefore = mainThreadCpuMs(process.pid);
    spin(3);
    const main = mainThreadCpuMs(process.pid) - mainBefore;
    // The group's window holds the main thread's.
    const group = groupCpuMs(pgid) - groupBefore;
    expect(main).toBeGreaterThan(1);
    expect(main).toBeLessThan(9.5);
    expect(group).toBeGreaterThanOrEqual(main);
  });
});
