import { TITLE_SYSTEM_PROMPT } from '@/lib/chat/title-text';
import { answerFromTools } from './answer';
import { arithmeticIntent, conversionIntent, prettyExpression, timeIntent } from './intent';
import { describeAttachments } from './attachments';
import { cannedAnswer } from './canned';
import { type WireMessage, wireText } from '@/lib/server/upstream/types';

// What the offline demo model says. Pure, so it is easy to test. It calls Parley's built-in tools
// when asked for the time, arithmetic or a unit conversion, so a new user sees tool cards without any setup.

export const DEMO_MODEL_ID = 'demo';
export const DEMO_MODEL_LABEL = 'Demo (offline)';

export interface DemoToolCall {
  name: string;
  arguments: string;
}

export type DemoPlan = { kind: 'text'; text: string } | { kind: 'tools'; calls: DemoToolCall[] };

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
      ? [
          '| Ask “what time is it in Tokyo?”, “what is 12 × 34 + 56?” or “convert 10 km to miles” | a tool call, shown as a card |',
        ]
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

/** A short title for a title request (lib/server/chat/title.ts), from what was asked. */
export function demoTitle(messages: readonly WireMessage[]): string {
  const question = wireText(messages.find((m) => m.role === 'user')?.content ?? null).replace(
    /\s+/g,
    ' ',
  );
  const topics: string[] = [];
  const time = timeIntent(question);
  if (time) topics.push(time.place ? `Time in ${time.place}` : 'Current time');
  const expression = arithmeticIntent(question);
  if (expression) topics.push(prettyExpression(expression));
  const conversion = conversionIntent(question);
  if (conversion) topics.push(`${conversion.value} ${conversion.from} in ${conversion.to}`);
  if (topics.length > 0) return topics.join(' and ');
  // Otherwise the first sentence, without greetings and polite openings, cut at a word.
  const sentence =
    question
      .split(/(?<=[.?!])\s|\n/)
      .map((s) => s.replace(/^(?:please|can you|could you|would you)\s+/i, '').trim())
      .find((s) => /\p{L}/u.test(s) && !/^(?:hi|hello|hey)\b[^.?!]{0,20}[.?!]?$/i.test(s)) ??
    question.trim();
  let words = sentence
    .replace(/[.?!…]+$/u, '')
    .split(' ')
    .filter(Boolean);
  // "Explain how rainbows form, in three short paragraphs" → its first clause.
  const clause = words.findIndex((w) => w.endsWith(','));
  if (words.length > 4 && clause >= 2) words = words.slice(0, clause + 1);
  const title = words.length > 8 ? `${words.slice(0, 6).join(' ')}…` : words.join(' ');
  const clean = title.replace(/,$/, '');
  return clean ? `${clean[0]?.toUpperCase()}${clean.slice(1)}` : 'Demo conversation';
}

/** Decides the demo's next move from the conversation and the tools it is offered. */
export function demoPlan(messages: readonly WireMessage[], tools: readonly string[]): DemoPlan {
  // Title requests get a title, not the long demo answer.
  if (messages[0]?.role === 'system' && messages[0].content === TITLE_SYSTEM_PROMPT) {
    return { kind: 'text', text: demoTitle(messages) };
  }
  const last = messages.at(-1);
  if (last?.role === 'tool') return { kind: 'text', text: answerFromTools(messages) };
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
  const time = tools.includes('get_current_time') ? timeIntent(text) : null;
  if (time) {
    calls.push({
      name: 'get_current_time',
      arguments: JSON.stringify(time.timezone ? { timezone: time.timezone } : {}),
    });
  }
  const expression = tools.includes('calculate') ? arithmeticIntent(text) : null;
  if (expression) calls.push({ name: 'calculate', arguments: JSON.stringify({ expression }) });
  const conversion = tools.includes('convert_units') ? conversionIntent(text) : null;
  if (conversion) calls.push({ name: 'convert_units', arguments: JSON.stringify(conversion) });
  if (calls.length > 0) return { kind: 'tools', calls };
  return { kind: 'text', text: cannedAnswer(text) ?? demoReply(text, tools.length > 0) };
}

/** Splits text into word-sized tokens that concatenate back to exactly the input. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}
