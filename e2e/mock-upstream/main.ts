/**
 * Process entry: `npx tsx e2e/mock-upstream/main.ts [--port 4010] [--api-key KEY] [--fixtures DIR]`.
 * Prints `MOCK_UPSTREAM_URL=http://127.0.0.1:PORT/v1` once listening; exits on SIGTERM/SIGINT.
 */
import { parseArgs } from 'node:util';
import { startMockUpstream } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'api-key': { type: 'string' },
    fixtures: { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`mock-upstream: invalid --port ${values.port}`);
  process.exit(2);
}

const mock = await startMockUpstream({
  port,
  apiKey: values['api-key'],
  fixturesDir: values.fixtures,
});
console.log(`MOCK_UPSTREAM_URL=${mock.url}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void mock.close().then(() => process.exit(0));
  });
}
