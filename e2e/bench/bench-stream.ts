// `npm run bench:stream`: what the proxy costs, printed as numbers (never asserted).
// 1. Time to the first content chunk and server CPU per chunk for a 2,000-chunk stream, through
//    /api/chat versus calling the mock upstream directly.
// 2. Browser main-thread time per 1,000 streamed tokens in Chromium.
// 3. Live answers on PostgreSQL: database writes per 2,000-token answer, and the time from a
//    reconnect on another instance to the first resumed event (bench-live.ts).
// Needs the .next-test build (`npm test` makes it; this script builds it when missing).
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../support/ensure-chromium.mjs';
import { startApp } from '../support/app-server';
import { benchLive, guestCookie } from './bench-live';
import { ensureTestBuild, groupCpuMs, startMock, timeStream as timeAnyStream } from './proc';
import { median } from './report';

const CHUNKS = 2000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Times a response of `[[mock:text]]` tokens: its first content token is `tok1`. */
const timeStream = async (res: Response, t0: number) => {
  const t = await timeAnyStream(res, t0, '"content":"tok1"');
  return { firstByte: t.firstByte, firstContent: t.firstToken, total: t.total };
};

async function main() {
  ensureTestBuild();
  const mock = await startMock();
  if (process.env.BENCH_ONLY === 'live') {
    // Just the live-answer numbers (part 3).
    try {
      await benchLive(mock.url);
    } finally {
      mock.stop();
    }
    return;
  }
  const app = await startApp({
    // Every run is one message: no per-user or per-address limit in the way.
    env: {
      OPENAI_BASE_URL: mock.url,
      CHAT_MODEL: 'mock-model',
      RATE_LIMIT_CHAT_PER_USER: '0',
      RATE_LIMIT_CHAT_PER_IP: '0',
    },
  });
  const prompt = `[[mock:text tokens=${CHUNKS}]] benchmark`;
  try {
    // Warm both paths (JIT, database, connection pools) before measuring.
    const direct = () =>
      fetch(`${mock.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'mock-model',
          stream: true,
          messages: [{ role: 'user', content: prompt }],
        }),
      });
    const cookie = await guestCookie(app.url);
    const proxied = () =>
      fetch(`${app.url}/api/chat`, {
        method: 'POST',
        // As the app's own page sends it: the route guard refuses other origins.
        headers: { 'content-type': 'application/json', cookie, origin: app.url },
        body: JSON.stringify({ content: prompt }),
      });
    for (let i = 0; i < 2; i++) {
      await timeStream(await direct(), performance.now());
      await timeStream(await proxied(), performance.now());
    }

    const d = { firstByte: [] as number[], firstContent: [] as number[], total: [] as number[] };
    let mockCpu = groupCpuMs(mock.pid);
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await timeStream(await direct(), t0);
      d.firstByte.push(r.firstByte);
      d.firstContent.push(r.firstContent);
      d.total.push(r.total);
    }
    const mockCpuDirect = (groupCpuMs(mock.pid) - mockCpu) / RUNS;

    const p = { firstByte: [] as number[], firstContent: [] as number[], total: [] as number[] };
    const appCpu = groupCpuMs(app.pid);
    mockCpu = groupCpuMs(mock.pid);
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await timeStream(await proxied(), t0);
      p.firstByte.push(r.firstByte);
      p.firstContent.push(r.firstContent);
      p.total.push(r.total);
    }
    // Let the final database write land before reading the CPU counters.
    await new Promise((r) => setTimeout(r, 500));
    const appCpuPerStream = (groupCpuMs(app.pid) - appCpu) / RUNS;

    console.log(`\n== Proxy overhead: ${CHUNKS}-chunk stream, median of ${RUNS} runs ==`);
    console.log(
      `direct to mock : first byte ${fmt(median(d.firstByte))}, first token ${fmt(median(d.firstContent))}, whole stream ${fmt(median(d.total))}`,
    );
    console.log(
      `via /api/chat  : first byte ${fmt(median(p.firstByte))}, first token ${fmt(median(p.firstContent))}, whole stream ${fmt(median(p.total))}`,
    );
    console.log(
      `time the proxy adds to the first token: ${fmt(median(p.firstContent) - median(d.firstContent))}`,
    );
    console.log(
      `server CPU per chunk: proxy ${((appCpuPerStream / CHUNKS) * 1000).toFixed(1)} µs (${fmt(appCpuPerStream)} per stream, incl. database writes); mock alone ${((mockCpuDirect / CHUNKS) * 1000).toFixed(1)} µs`,
    );

    await benchBrowser(app.url);
    await benchLive(mock.url);
  } finally {
    await app.stop();
    mock.stop();
  }
}

/** The longtask observer only reports tasks over 50 ms. */
const longTask = (ms: number) => (ms > 0 ? `longest task ${fmt(ms)}` : 'no task over 50 ms');

async function benchBrowser(appUrl: string) {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
    const sample = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return METRICS.map((name) => metrics.find((m) => m.name === name)?.value ?? NaN);
    };
    const run = async (tokens: number, rate: number) => {
      await page.goto(`${appUrl}/`);
      await page.evaluate(() => {
        const w = window as unknown as { __longest: number };
        w.__longest = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
        }).observe({ type: 'longtask', buffered: false });
      });
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(`[[mock:text tokens=${tokens} rate=${rate}]] browser benchmark`);
      const before = await sample();
      await page.getByRole('button', { name: 'Send' }).click();
      await page
        .locator('article[data-role="assistant"][data-status="complete"]')
        .waitFor({ timeout: 120_000 });
      const after = await sample();
      const [spent = NaN, script = NaN, layout = NaN, style = NaN] = after.map(
        (v, i) => (v - (before[i] ?? 0)) * 1000,
      );
      const per = (ms: number) => ((ms / tokens) * 1000).toFixed(0);
      console.log(
        `  (per 1,000 tokens: script ${per(script)} ms, layout ${per(layout)} ms, style ${per(style)} ms)`,
      );
      const longest = await page.evaluate(
        () => (window as unknown as { __longest: number }).__longest,
      );
      return { perThousand: (spent / tokens) * 1000, longest };
    };
    const paced = await run(2000, 100);
    console.log(`\n== Browser (Chromium), 2,000 tokens at 100 tokens/s ==`);
    console.log(
      `main-thread time per 1,000 tokens: ${fmt(paced.perThousand)} (${(paced.perThousand / 1000).toFixed(2)} ms per token); ${longTask(paced.longest)}`,
    );
    const burst = await run(2000, 0);
    console.log(`== Browser, 2,000 tokens at once ==`);
    console.log(
      `main-thread time per 1,000 tokens: ${fmt(burst.perThousand)}; ${longTask(burst.longest)}`,
    );
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
