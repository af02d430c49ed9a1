// `npm run bench:profile`: one answer streamed under a Chromium trace, and where the main
// thread's time went. Prints the breakdown (script, style, layout, paint, other), the longest
// task, the longest gap between frames and the visible updates a second; saves the trace for
// DevTools (Performance panel → Load profile) with --save.
//   npm run bench:profile -- [--tokens 2000] [--rate 100] [--runs 1] [--earlier 0] [--save trace.json]
// --earlier N: the answer follows N earlier messages (a seeded conversation, as in `npm run bench`).
// PARLEY_TEST_DIST_DIR picks the build (default .next-test), e.g. to compare two builds.
// PROFILE_CSS adds a stylesheet to every page, to try a CSS change without a rebuild.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ensureChromium } from '../support/ensure-chromium.mjs';
import { guestCookie, launchChromium, seed } from './browser-session';
import { tracedAnswer } from './browser-trace';
import { machineLine, describeMachine } from './machine';
import { ensureTestBuild, startBenchApp, startMock } from './proc';
import { formatBreakdown } from './trace-breakdown';

const { values } = parseArgs({
  options: {
    tokens: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '100' },
    runs: { type: 'string', default: '1' },
    earlier: { type: 'string', default: '0' },
    save: { type: 'string' },
    'cpu-profile': { type: 'boolean', default: false },
  },
});

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** The functions with the most self time in a V8 CPU profile (sampled). */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[] }, saveTo?: string) {
  if (saveTo) writeFileSync(saveTo.replace(/\.json$/, '.cpuprofile'), JSON.stringify(profile));
  const hits = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
    hits.set(key, (hits.get(key) ?? 0) + (node.hitCount ?? 0));
    total += node.hitCount ?? 0;
  }
  const top = [...hits].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [key, n] of top) console.log(`  ${((100 * n) / total).toFixed(1)}% ${key}`);
}

async function main() {
  const tokens = Number(values.tokens);
  const rate = Number(values.rate);
  const runs = Math.max(1, Number(values.runs));
  ensureChromium();
  ensureTestBuild();
  console.log(machineLine(describeMachine()));
  const mock = await startMock();
  const app = await startBenchApp({ OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    if (process.env.PROFILE_CSS) {
      await context.addInitScript((css) => {
        document.addEventListener('DOMContentLoaded', () => {
          const style = document.createElement('style');
          style.textContent = css;
          document.head.append(style);
        });
      }, process.env.PROFILE_CSS);
    }
    const cookie = await guestCookie(context, app.url);
    const ids = await seed(app.url, cookie, Number(values.earlier), runs + 1);
    const page = await context.newPage();
    await tracedAnswer(browser, page, app.url, ids.shift() as string, { tokens: 200, rate: 0 });
    for (const [i, id] of ids.entries()) {
      const saveTo = values.save ? values.save.replace(/(\.json)?$/, `-${i + 1}$1`) : undefined;
      const cdp = values['cpu-profile'] ? await page.context().newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const r = await tracedAnswer(browser, page, app.url, id, { tokens, rate, saveTo });
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile, saveTo);
      console.log(
        `run ${i + 1}: ${tokens} tokens at ${rate || 'full speed'}/s, ${values.earlier} earlier messages`,
      );
      console.log(`  wall ${Math.round(r.wall.total)} ms: ${formatBreakdown(r.wall)}`);
      if (r.cpu) console.log(`  CPU  ${Math.round(r.cpu.total)} ms: ${formatBreakdown(r.cpu)}`);
      console.log(
        `  longest task ${r.longest?.ms.toFixed(0)} ms (CPU ${r.longest?.cpuMs?.toFixed(0)}), ` +
          `longest frame gap ${r.frameGapMs?.toFixed(0)} ms, ` +
          `${r.updatesPerSecond.toFixed(1)} updates/s over ${(r.streamMs / 1000).toFixed(1)} s`,
      );
      if (saveTo) console.log(`  trace: ${saveTo}`);
    }
  } finally {
    await browser.close();
    await app.stop();
    mock.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
