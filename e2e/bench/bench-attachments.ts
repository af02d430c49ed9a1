// `npm run bench:attachments`: attaching and sending a 5 MB camera photo, printed as numbers
// (never asserted): time to prepare and upload it, time until the answer is complete, bytes
// uploaded and bytes sent upstream after downscaling in the browser. The photo is made in
// Chromium (12 MP of gradient and grain, JPEG) with an EXIF block carrying GPS tags spliced in,
// so the run also shows whether the metadata survives.
// Needs the .next-test build (`npm test` makes it).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { imageSize } from 'image-size';
import { startMockUpstream } from '../mock-upstream/server';
import { startApp } from '../support/app-server';
import { CHROMIUM_ARGS, findChromium } from '../support/ensure-chromium.mjs';
import { TEST_DIST_DIR } from '../support/env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_BYTES = 5 * 1024 * 1024;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

/** An APP1 segment: "Exif", a little-endian TIFF header and an IFD naming GPS tags. */
function exifSegment(): Buffer {
  const payload = Buffer.concat([
    Buffer.from('Exif\0\0', 'binary'),
    Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]),
    Buffer.from([
      0x01, 0x00, 0x25, 0x88, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1a, 0x00, 0x00, 0x00,
    ]),
    Buffer.from([0x00, 0x00, 0x00, 0x00]),
    Buffer.from('GPSLatitude 48.8584 N GPSLongitude 2.2945 E', 'binary'),
  ]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

async function main() {
  if (!existsSync(join(ROOT, TEST_DIST_DIR, 'BUILD_ID'))) {
    console.error(
      `No build in ${TEST_DIST_DIR}: run npm test (or next build with NEXT_DIST_DIR=${TEST_DIST_DIR}) first.`,
    );
    process.exit(1);
  }
  const mock = await startMockUpstream();
  const app = await startApp({
    env: {
      PROVIDERS: JSON.stringify([
        { name: 'bench', baseUrl: mock.url, models: ['vision-model'], vision: true },
      ]),
    },
  });
  // Opening and migrating the database is not what is measured; on a busy machine it can
  // outlast the first page load's time limit.
  await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(180_000) });
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    await page.goto(app.url);
    // A 4032×3024 "photo": a gradient with per-pixel grain, tuned until the JPEG is ~5 MB.
    const base64 = await page.evaluate(async (target) => {
      const canvas = new OffscreenCanvas(4032, 3024);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      const image = ctx.createImageData(4032, 3024);
      let grain = 24;
      let blob: Blob | null = null;
      for (let attempt = 0; attempt < 6; attempt++) {
        for (let i = 0; i < image.data.length; i += 4) {
          // No named helpers in here: tsx would wrap them in a `__name` call the page lacks.
          const x = (i / 4) % 4032;
          image.data[i] = (x / 16 + (Math.random() - 0.5) * grain) & 255;
          image.data[i + 1] = (128 + (Math.random() - 0.5) * grain) & 255;
          image.data[i + 2] = (200 - x / 32 + (Math.random() - 0.5) * grain) & 255;
          image.data[i + 3] = 255;
        }
        ctx.putImageData(image, 0, 0);
        blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
        if (Math.abs(blob.size - target) < target * 0.1) break;
        grain *= target / blob.size;
      }
      const bytes = new Uint8Array(await (blob as Blob).arrayBuffer());
      let s = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(s);
    }, TARGET_BYTES);
    const jpeg = Buffer.from(base64, 'base64');
    const photo = Buffer.concat([jpeg.subarray(0, 2), exifSegment(), jpeg.subarray(2)]);
    console.log(`Photo: 4032×3024 JPEG, ${mb(photo.length)}, with an EXIF block holding GPS tags`);

    const prepareMs: number[] = [];
    const sendMs: number[] = [];
    let uploaded = 0;
    let upstreamBody = 0;
    let imageBytes = 0;
    let dims = '';
    let exifKept = false;
    for (let run = 0; run < RUNS; run++) {
      await page.goto(app.url);
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      const upload = page.waitForResponse(
        (r) => r.url().includes('/api/attachments') && r.request().method() === 'POST',
      );
      const chooser = page.waitForEvent('filechooser');
      const t0 = performance.now();
      await page.getByRole('button', { name: 'Attach files' }).click();
      await (await chooser).setFiles({
        name: 'IMG_0001.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      // The stored size is the uploaded body (a Blob body is not visible to postDataBuffer).
      uploaded = ((await (await upload).json()) as { attachment: { size: number } }).attachment
        .size;
      const tray = page.getByRole('list', { name: 'Attached files' });
      await tray.getByText('Uploading…').waitFor({ state: 'detached', timeout: 60_000 });
      await tray.getByRole('listitem').first().waitFor();
      prepareMs.push(performance.now() - t0);

      const marker = `bench-${run}-${Date.now()}`;
      await page.getByRole('textbox', { name: 'Message' }).fill(`Describe ${marker}`);
      const t1 = performance.now();
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page
        .locator('article[data-role="assistant"][data-status="complete"]')
        .last()
        .waitFor({ timeout: 60_000 });
      sendMs.push(performance.now() - t1);

      const request = mock.requests().find((r) => JSON.stringify(r.body).includes(marker));
      const body = JSON.stringify(request?.body ?? {});
      upstreamBody = Buffer.byteLength(body);
      const url = /data:image\/[a-z]+;base64,([A-Za-z0-9+/=]+)/.exec(body)?.[1] ?? '';
      const sent = Buffer.from(url, 'base64');
      imageBytes = sent.length;
      const size = imageSize(new Uint8Array(sent));
      dims = `${size.width}×${size.height}`;
      exifKept =
        sent.includes(Buffer.from('Exif\0\0', 'binary')) ||
        sent.includes(Buffer.from('GPSLatitude'));
    }
    console.log(`Runs: ${RUNS} (median)`);
    console.log(`  attach → downscaled and uploaded: ${median(prepareMs).toFixed(0)} ms`);
    console.log(`  Send → answer complete:           ${median(sendMs).toFixed(0)} ms`);
    console.log(`  bytes uploaded to Parley:         ${mb(uploaded)} (from ${mb(photo.length)})`);
    console.log(`  image sent upstream:              ${dims}, ${mb(imageBytes)}`);
    console.log(`  upstream request body:            ${mb(upstreamBody)} (base64 data URL)`);
    console.log(`  EXIF/GPS still in the sent image: ${exifKept ? 'YES' : 'no'}`);
  } finally {
    await browser.close();
    await app.stop();
    await mock.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
