/**
 * Process entry for Playwright: `npx tsx e2e/smtp-catcher/main.ts --smtp-port 2525 --port 4211`.
 * A real SMTP server on loopback (server.ts) and, beside it, an HTTP control endpoint for specs:
 * `GET /mails?to=ana@example.com` answers the mails to that address as JSON (oldest first).
 */
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { startSmtpCatcher } from './server';

const { values } = parseArgs({
  options: { 'smtp-port': { type: 'string', default: '0' }, port: { type: 'string' } },
});

const smtp = await startSmtpCatcher({ port: Number(values['smtp-port']) });
const control = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== '/mails') {
    response.writeHead(404).end();
    return;
  }
  const to = url.searchParams.get('to');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(to ? smtp.mailsTo(to) : smtp.mails()));
});
control.listen(Number(values.port ?? 0), '127.0.0.1', () => {
  console.log(`SMTP_URL=${smtp.url}`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    control.close();
    void smtp.close().then(() => process.exit(0));
  });
}
