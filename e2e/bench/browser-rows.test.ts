import { describe, expect, it } from 'vitest';
import { browserRows, type BrowserResults } from './browser-rows';

const paced = (mainThreadMs: number, nodes: number, firstTokenMs = 100) => ({
  mainThreadMs,
  mainThreadCpuMs: mainThreadMs / 2,
  nodes,
  firstTokenMs,
});

const results: BrowserResults = {
  paced: {
    0: [paced(1900, 2000), paced(1800, 2100), paced(2500, 2000)],
    100: [paced(1950, 2500), paced(1980, 2500), paced(1990, 2500)],
    500: [paced(2300, 2600), paced(2400, 2600), paced(2200, 2600)],
  },
  burst: {
    0: [
      { traced: 30, tracedCpu: 20, observed: 0 },
      { traced: 40, tracedCpu: 25, observed: 0 },
      { traced: 45, tracedCpu: 30, observed: 0 },
    ],
  },
  interactive: [900, 1000, 1100],
};

describe('browserRows', () => {
  const rows = browserRows(results);
  const row = (id: string) => rows.find((r) => r.id === id);

  it('judges main-thread time against 2,000 ms, then against the 0-message median', () => {
    expect(row('browser.mainThread.0')).toMatchObject({
      value: 1900,
      note: 'CPU 950 ms',
      budget: { met: true },
    });
    expect(row('browser.mainThread.100')).toMatchObject({
      value: 1980,
      note: '+4.2%; CPU 990 ms',
      budget: { text: '≤ +5% of 0 messages', met: true },
    });
    expect(row('browser.mainThread.500')).toMatchObject({
      value: 2300,
      budget: { text: '≤ +10% of 0 messages', met: false },
    });
  });

  it('calls the DOM flat when 500 messages add at most 10% to 100', () => {
    expect(row('browser.domNodes.0')?.budget).toBeUndefined();
    expect(row('browser.domNodes.500')).toMatchObject({ value: 2600, budget: { met: true } });
  });

  it('reports the traced longest task and the medians of first token and open time', () => {
    expect(row('browser.longestTask.0')).toMatchObject({
      value: 40,
      note: 'CPU 25 ms; no longtask entry',
      budget: { met: true },
    });
    expect(row('browser.firstToken.0')?.value).toBe(100);
    expect(row('browser.interactive.500')?.value).toBe(1000);
  });

  it('leaves a part that did not run as not measured', () => {
    const none = browserRows({ paced: {}, burst: {}, interactive: [] });
    expect(none.map((r) => r.id)).toEqual(['browser.firstToken.0', 'browser.interactive.500']);
    expect(none.every((r) => r.value === null)).toBe(true);
  });
});
