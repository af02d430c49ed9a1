// The HTTP half of .ci/docker-test.sh: talks to a running container as a browser would (same
// origin, guest cookie) and exits non-zero with a sentence saying what the image got wrong.
//   tsx e2e/support/docker-probe.ts health  URL pglite|postgres [SECONDS]
//   tsx e2e/support/docker-probe.ts chat    URL STATE_FILE     (a chat with the demo model)
//   tsx e2e/support/docker-probe.ts history URL STATE_FILE     (that chat is still there)
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { HealthReport } from '@/lib/server/http/health';
import { Client, readChat } from '@/e2e/integration/client';

const stateSchema = z.object({
  cookie: z.string().min(1),
  conversationId: z.uuid(),
  question: z.string(),
  answer: z.string().min(1),
});
type State = z.infer<typeof stateSchema>;

class ProbeError extends Error {
  constructor(
    message: string,
    /** 2: nothing answered yet (the caller may wait longer); 1: a wrong answer. */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
const fail = (message: string, exitCode?: number): never => {
  throw new ProbeError(message, exitCode);
};

/** Waits for /api/health to answer 200 from the expected database, migrations all applied. */
async function health(baseUrl: string, driver: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      last = `HTTP ${res.status} ${text.slice(0, 300)}`;
      if (res.status === 200) {
        const report = JSON.parse(text) as HealthReport;
        const { applied, expected } = report.database.migrations ?? {};
        if (report.database.driver !== driver) {
          fail(`/api/health reports database ${report.database.driver}, expected ${driver}`);
        }
        if (!report.database.migrated || !applied || applied !== expected) {
          fail(`/api/health: migrations not all applied: ${text}`);
        }
        console.log(`health: 200, ${driver}, ${applied}/${expected} migrations`);
        return;
      }
    } catch (error) {
      if (error instanceof ProbeError) throw error;
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`the image did not serve ${baseUrl}/api/health within ${seconds} s (last: ${last})`, 2);
}

async function chat(baseUrl: string, stateFile: string): Promise<void> {
  const client = new Client(baseUrl);
  const question = `Hello from the container test ${Date.now()}`;
  const run = await readChat(await client.postChat({ content: question }));
  if (run.errors.length) fail(`the chat answered with errors: ${JSON.stringify(run.errors)}`);
  const answer = run.answer?.content ?? '';
  if (!answer || run.answer?.status !== 'complete') {
    fail(`no complete answer from the demo model: ${run.raw.slice(0, 500)}`);
  }
  if (!client.cookie) fail('the app set no guest cookie');
  const state: State = {
    cookie: client.cookie ?? '',
    conversationId: run.start.conversationId,
    question,
    answer,
  };
  writeFileSync(stateFile, JSON.stringify(state));
  console.log(`chat: conversation ${state.conversationId}, answer of ${answer.length} characters`);
}

async function history(baseUrl: string, stateFile: string): Promise<void> {
  const state = stateSchema.parse(JSON.parse(readFileSync(stateFile, 'utf8')));
  const client = new Client(baseUrl);
  client.cookie = state.cookie;
  const res = await client.fetch(`/api/conversations/${state.conversationId}`);
  if (res.status !== 200) fail(`the conversation is gone: HTTP ${res.status} ${await res.text()}`);
  const detail = (await res.json()) as ConversationDetail;
  const said = detail.messages.map((m) => `${m.role}: ${m.content}`);
  if (!said.includes(`user: ${state.question}`) || !said.includes(`assistant: ${state.answer}`)) {
    fail(`the conversation lost messages: ${JSON.stringify(said).slice(0, 500)}`);
  }
  console.log(`history: conversation ${state.conversationId} kept its ${said.length} messages`);
}

async function main(): Promise<void> {
  const [command, baseUrl, arg, seconds] = process.argv.slice(2);
  if (!baseUrl || !arg) fail('usage: docker-probe.ts health|chat|history URL ARG');
  const url = (baseUrl ?? '').replace(/\/$/, '');
  if (command === 'health') return health(url, arg ?? '', Number(seconds ?? 90));
  if (command === 'chat') return chat(url, arg ?? '');
  if (command === 'history') return history(url, arg ?? '');
  fail(`unknown command ${command}`);
}

main().catch((error: unknown) => {
  console.error(`docker-probe: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof ProbeError ? error.exitCode : 1);
});
