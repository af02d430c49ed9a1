// Earlier messages for the browser benchmarks: realistic conversations (fenced code with a
// language, lists, tables, tool calls with their results) as a Parley JSON export, imported
// through POST /api/import like a user's own file. Pure builders plus one small importer.

export interface SeedMessage {
  id: string;
  parentId: string | null;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  toolCalls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  toolCallId?: string;
  toolRun?: { name: string; status: 'done'; durationMs: number };
  finishReason?: string;
  model?: string;
  createdAt: string;
}

export interface SeedBody {
  conversation: { id: string; title: string; model: string };
  activeLeafId: string | null;
  messages: SeedMessage[];
}

/** The text the last seeded message ends with (never part of a benchmark answer). */
export const lastSeedText = (count: number) => `Last seeded answer of ${count}.`;

const codeAnswer = (n: number) =>
  [
    `Here is one way to do it (variant ${n}):`,
    '',
    '```ts',
    `export async function fetchPage${n}(url: string, page = ${n}): Promise<string[]> {`,
    "  const response = await fetch(url + '?page=' + page);",
    "  if (!response.ok) throw new Error('HTTP ' + response.status);",
    '  const body = (await response.json()) as { items: string[] };',
    '  return body.items.filter((item) => item.trim().length > 0);',
    '}',
    '```',
    '',
    '- it **throws** on an HTTP error instead of returning nothing;',
    '- empty items are dropped;',
    `- \`page\` defaults to ${n}.`,
  ].join('\n');

const tableAnswer = (n: number) =>
  [
    `A comparison for case ${n}:`,
    '',
    '| Option | Latency | Memory | Notes |',
    '| --- | ---: | ---: | --- |',
    `| in-process | ${n % 7} ms | 12 MB | simplest |`,
    `| worker | ${(n % 7) + 2} ms | 30 MB | isolates the event loop |`,
    '| separate server | 5 ms | 80 MB | scales out |',
    '',
    '1. Measure first.',
    '2. Pick the *smallest* change that meets the budget.',
    '3. Measure again.',
  ].join('\n');

/** `count` messages (even; turns of user → assistant, every third with a tool call). */
export function seedConversation(count: number, title: string): SeedBody {
  if (count % 2 !== 0) throw new Error('seedConversation: use an even message count');
  const messages: SeedMessage[] = [];
  const start = Date.parse('2026-01-01T09:00:00.000Z');
  const add = (m: Omit<SeedMessage, 'id' | 'parentId' | 'createdAt'>) => {
    const prev = messages.at(-1);
    messages.push({
      id: `m${messages.length + 1}`,
      parentId: prev?.id ?? null,
      createdAt: new Date(start + messages.length * 1000).toISOString(),
      ...m,
    });
  };
  for (let turn = 1; messages.length < count; turn++) {
    const left = count - messages.length;
    if (turn % 3 === 0 && left >= 4 + 2) {
      const callId = `call_${turn}`;
      add({ role: 'user', content: `What time is it in Tokyo? (question ${turn})` });
      add({
        role: 'assistant',
        content: '',
        model: 'mock-model',
        finishReason: 'tool_calls',
        toolCalls: [
          {
            id: callId,
            type: 'function',
            function: { name: 'get_current_time', arguments: '{"timezone":"Asia/Tokyo"}' },
          },
        ],
      });
      add({
        role: 'tool',
        toolCallId: callId,
        content: `{"timezone":"Asia/Tokyo","time":"2026-01-01T${String(turn % 24).padStart(2, '0')}:00:00+09:00"}`,
        toolRun: { name: 'get_current_time', status: 'done', durationMs: 3 },
      });
      add({
        role: 'assistant',
        content: `It is **${turn % 24}:00** in Tokyo.`,
        model: 'mock-model',
        finishReason: 'stop',
      });
      continue;
    }
    const code = turn % 3 === 1;
    add({
      role: 'user',
      content: code
        ? `How do I fetch page ${turn} of a JSON list in TypeScript?`
        : `Which option is fastest for case ${turn}?`,
    });
    const last = messages.length + 1 === count;
    const answer = code ? codeAnswer(turn) : tableAnswer(turn);
    add({
      role: 'assistant',
      content: last ? `${answer}\n\n${lastSeedText(count)}` : answer,
      model: 'mock-model',
      finishReason: 'stop',
    });
  }
  return {
    conversation: { id: `seed-${count}`, title, model: 'mock-model' },
    activeLeafId: messages.at(-1)?.id ?? null,
    messages,
  };
}

/** One import file holding several conversations. */
export function seedArchive(bodies: SeedBody[]) {
  return { format: 'parley.archive', version: 1, conversations: bodies };
}

/** Posts an import file as the app's own page would; returns the new conversations' ids. */
export async function importSeed(appUrl: string, cookie: string, file: unknown): Promise<string[]> {
  const res = await fetch(`${appUrl}/api/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl, cookie },
    body: JSON.stringify(file),
  });
  if (res.status !== 201) throw new Error(`import failed: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { conversations: { id: string }[] };
  return body.conversations.map((c) => c.id);
}
