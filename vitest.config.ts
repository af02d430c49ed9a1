import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// Playwright specs (e2e/**/*.spec.ts) are never collected here: every project lists its own files.
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@/': `${root}/`,
      // `server-only` throws outside React Server Components; tests run server modules directly.
      'server-only': `${root}/e2e/support/empty-module.ts`,
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'lib/**/*.test.ts',
            'components/**/*.test.{ts,tsx}',
            'app/**/*.test.{ts,tsx}',
            // Pure helpers of the benchmark scripts (the benchmarks themselves are not tests).
            'e2e/bench/**/*.test.ts',
          ],
          exclude: ['**/*.db.test.ts', 'lib/openai/conformance.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'streams',
          include: ['lib/openai/conformance.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['lib/**/*.db.test.ts'],
          environment: 'node',
          // One PGlite or one Postgres schema per file; keep files sequential to stay light on 2 cores.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['e2e/integration/**/*.test.ts', 'e2e/mock-upstream/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          // Production servers on a real PostgreSQL (DATABASE_URL): `npm run test:ci-db`.
          name: 'pg',
          include: ['e2e/postgres/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        // Reads .vercel/output after `vercel build`: `npm run test:vercel`.
        test: { name: 'vercel', include: ['e2e/vercel/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
