import { join } from 'node:path';
import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/support/ensure-chromium.mjs';
import {
  APP_CONFIG_VARS,
  APP_PORT,
  APP_URL,
  DEMO_APP_PORT,
  DEMO_APP_URL,
  E2E_API_KEY,
  E2E_MODEL,
  E2E_RATE_LIMITS,
  MAIL_CONTROL_PORT,
  MAIL_CONTROL_URL,
  MOCK_CONTROL_URL,
  MOCK_PORT,
  MOCK_UPSTREAM_URL,
  SMTP_PORT,
  TEST_DIST_DIR,
} from './e2e/support/env';
import { E2E_PROVIDERS } from './e2e/support/providers';

// The build in .next-test is made beforehand (`npm test`); Playwright only starts servers.
// This file is loaded again in every worker process, so it must not create anything: each
// app server makes its own data folder in e2e/support/serve-app.mjs.

const isCI = Boolean(process.env.CI);
const resultsDir = process.env.PARLEY_RESULTS_DIR;

const reporter: ReporterDescription[] = [['list']];
if (!isCI) reporter.push(['html', { open: 'never' }]);
// test-all.mjs reads this to print one total across every test runner.
if (resultsDir) reporter.push(['json', { outputFile: join(resultsDir, 'e2e.json') }]);

// Variables the app reads; each server gets exactly the ones it is given below.
const unsetAllBut = (keep: string[]) =>
  APP_CONFIG_VARS.filter((name) => !keep.includes(name))
    .map((name) => `--unset ${name}`)
    .join(' ');

const serverShutdown = { signal: 'SIGTERM', timeout: 10_000 } as const;

export default defineConfig({
  testDir: 'e2e/specs',
  // Fails the run when the app servers logged a warning (e2e/support/server-log.mjs).
  globalTeardown: './e2e/support/global-teardown.ts',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Two cores: each worker drives its own Chromium against the shared servers.
  workers: 2,
  fullyParallel: false,
  forbidOnly: isCI,
  // Flaky tests get fixed, not retried.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter,
  use: {
    baseURL: APP_URL,
    // Off: recording a trace (a screencast and a DOM snapshot per action) cost a third of the
    // suite's CPU on 2 cores, for every passing test, and CI keeps no files anyway. To debug a
    // failure: `npx playwright test <spec> --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: findChromium() ?? undefined,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: [
    {
      name: 'mock',
      command: `npx tsx e2e/mock-upstream/main.ts --port ${MOCK_PORT} --api-key ${E2E_API_KEY}`,
      url: `${MOCK_CONTROL_URL}/__mock/requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: serverShutdown,
    },
    {
      name: 'app',
      command: `node e2e/support/serve-app.mjs --port ${APP_PORT} ${unsetAllBut(['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'CHAT_MODEL', 'TOOL_APPROVAL', 'PROVIDERS', 'LOG_LEVEL', ...Object.keys(E2E_RATE_LIMITS)])}`,
      url: APP_URL,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: serverShutdown,
      env: {
        NEXT_DIST_DIR: TEST_DIST_DIR,
        OPENAI_BASE_URL: MOCK_UPSTREAM_URL,
        OPENAI_API_KEY: E2E_API_KEY,
        CHAT_MODEL: E2E_MODEL,
        // One built-in asks before it runs, so the approval flow can be tested.
        TOOL_APPROVAL: 'convert_units',
        // A second provider (same mock, own header/query, tiny context window): models.spec.ts.
        PROVIDERS: E2E_PROVIDERS,
        ...E2E_RATE_LIMITS,
        NEXT_TELEMETRY_DISABLED: '1',
        // Specs provoke upstream failures on purpose; their expected warnings would bury real
        // problems in the server log, so only errors are printed (log content: hardening.test.ts).
        LOG_LEVEL: 'error',
      },
    },
    {
      // A real SMTP server on loopback that keeps what it receives (GET /mails?to=… on its control
      // port): the demo server's account mails go there (accounts-mail.spec.ts).
      name: 'mail',
      command: `npx tsx e2e/smtp-catcher/main.ts --smtp-port ${SMTP_PORT} --port ${MAIL_CONTROL_PORT}`,
      url: `${MAIL_CONTROL_URL}/mails`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: serverShutdown,
    },
    {
      // No upstream at all: the app falls back to its offline demo model. It sends account mail
      // (verification, reset) to the SMTP catcher, and only confirmed @example.com addresses chat.
      name: 'demo',
      command: `node e2e/support/serve-app.mjs --port ${DEMO_APP_PORT} ${unsetAllBut(['LOG_LEVEL', 'SMTP_URL', 'MAIL_FROM', 'ALLOWED_EMAILS', ...Object.keys(E2E_RATE_LIMITS)])}`,
      url: DEMO_APP_URL,
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: serverShutdown,
      env: {
        NEXT_DIST_DIR: TEST_DIST_DIR,
        NEXT_TELEMETRY_DISABLED: '1',
        LOG_LEVEL: 'error',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Parley <parley@example.com>',
        ALLOWED_EMAILS: '@example.com',
        ...E2E_RATE_LIMITS,
      },
    },
  ],
});
