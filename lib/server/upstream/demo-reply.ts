import { TITLE_SYSTEM_PROMPT } from '@/lib/chat/title-text';
import { describeAttachments } from './demo-attachments';
import { type WireMessage, wireText } from './types';

// What the offline demo model says. Pure, so it is easy to test. It calls Parley's built-in tools
// when asked for the time or for arithmetic, so a new user sees tool cards without any setup.

export const DEMO_MODEL_ID = 'demo';
export const DEMO_MODEL_LABEL = 'Demo (offline)';

export interface DemoToolCall {
  name: string;
  arguments: string;
}

export type DemoPlan = { kind: 'text'; text: string } | { kind: 'tools'; calls: DemoToolCall[] };

const TIME_WORDS = /\b(time|clock|date|today|day is it)\b/i;
// A run of digits and operators with at least one operator between numbers, e.g. "12 * (3+4)".
const ARITHMETIC = /[-(]*\d[\d.\s]*(?:[-+*/^%]\s*[(]*\s*[\d.]+[\d.\s)]*)+/;

function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 120 ? `${oneLine.slice(0, 117)}…` : oneLine;
}

export function demoReply(lastUserMessage: string, canUseTools = false): string {
  const asked = quote(lastUserMessage);
  return [
    `You said: *“${asked}”*`,
    '',
    "I'm Parley's **offline demo model**: no AI provider is connected yet, so I can only show how",
    'the app works. Everything you see here went through the real pipeline: streamed as',
    '`chat.completion.chunk` events, parsed, saved to the database and rendered as markdown.',
    '',
    '| Try this | What it shows |',
    '| --- | --- |',
    '| Reload the page | the conversation is saved |',
    '| Press **Stop** while I type | partial answers are kept |',
    ...(canUseTools
      ? ['| Ask “what time is it?” or “what is 12 * 34?” | a tool call, shown as a card |']
      : []),
    '',
    'To talk to a real model, set these before starting Parley:',
    '',
    '```bash',
    'OPENAI_BASE_URL=https://api.openai.com/v1   # or http://localhost:11434/v1 for Ollama',
    'OPENAI_API_KEY=sk-...',
    'CHAT_MODEL=gpt-4o-mini',
    '```',
  ].join('\n');
}

function toolSummary(messages: readonly WireMessage[]): string {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const since = messages.slice(lastUser + 1);
  const names = new Map(
    since.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name] as const),
  );
  const lines = since
    .filter((m) => m.role === 'tool')
    .map(
      (m) =>
        `- \`${names.get(m.tool_call_id ?? '') ?? 'tool'}\` returned: ${quote(wireText(m.content))}`,
    );
  return [
    'Here is what the tools said:',
    '',
    ...lines,
    '',
    'Open a card above to see the details.',
  ].join('\n');
}

/** A short title for a title request (lib/server/chat/title.ts): the question's first words. */
export function demoTitle(messages: readonly WireMessage[]): string {
  const question = wireText(messages.find((m) => m.role === 'user')?.content ?? null);
  const words = question
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .slice(0, 5);
  const title = words.join(' ');
  return title ? `${title[0]?.toUpperCase()}${title.slice(1)}` : 'Demo conversation';
}

/** Decides the demo's next move from the conversation and the tools it is offered. */
export function demoPlan(messages: readonly WireMessage[], tools: readonly string[]): DemoPlan {
  // Title requests get a title, not the long demo answer.
  if (messages[0]?.role === 'system' && messages[0].content === TITLE_SYSTEM_PROMPT) {
    return { kind: 'text', text: demoTitle(messages) };
  }
  const last = messages.at(-1);
  if (last?.role === 'tool') return { kind: 'text', text: toolSummary(messages) };
  const text = last?.role === 'user' ? wireText(last.content) : '';
  const attached =
    last?.role === 'user' && Array.isArray(last.content) ? describeAttachments(last.content) : null;
  if (attached) {
    const first = Array.isArray(last?.content) ? last.content[0] : undefined;
    const own = first?.type === 'text' && !first.text.startsWith('Attached ') ? first.text : '';
    return {
      kind: 'text',
      text: [
        ...(own ? [`You said: *“${quote(own)}”*`, ''] : []),
        attached,
        '',
        "I'm Parley's offline demo model, so that is all I can tell you about them.",
      ].join('\n'),
    };
  }
  const calls: DemoToolCall[] = [];
  if (tools.includes('get_current_time') && TIME_WORDS.test(text)) {
    calls.push({ name: 'get_current_time', arguments: '{}' });
  }
  const expression = text.match(ARITHMETIC)?.[0]?.trim();
  if (tools.includes('calculate') && expression && /\d\s*[-+*/^%]/.test(expression)) {
    calls.push({ name: 'calculate', arguments: JSON.stringify({ expression }) });
  }
  if (calls.length > 0) return { kind: 'tools', calls };
  return { kind: 'text', text: demoReply(text, tools.length > 0) };
}

/** Splits text into word-sized tokens that concatenate back to exactly the input. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}
