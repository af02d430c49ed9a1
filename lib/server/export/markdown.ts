import { type AttachmentMeta, formatBytes } from '@/lib/chat/attachments';
import { groupTurns, toolResultFor } from '@/lib/chat/turns';
import type { ChatMessage, Conversation, ToolCall, ToolRunStatus } from '@/lib/chat/types';

// The Markdown export: a readable transcript of the branch on screen. Reasoning is collapsed in a
// <details> block (rendered folded by GitHub and most viewers) so the answers stay easy to scan;
// tool calls and their results are fenced code blocks; a system prompt comes first, quoted.

const RUN_LABEL: Record<ToolRunStatus, string> = {
  running: 'running',
  done: 'done',
  error: 'failed',
  not_executed: 'not run',
  awaiting_approval: 'awaiting approval',
  denied: 'denied',
};

/** A fence longer than any backtick run inside `text`, so the block can never end early. */
export function fenced(text: string, info = ''): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text.replace(/\n$/, '')}\n${fence}`;
}

function quoted(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function seconds(ms: number | null): string {
  return ms === null || ms < 0 ? '' : ` (${(ms / 1000).toFixed(1)} s)`;
}

function prettyJson(text: string): { text: string; json: boolean } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { text, json: false };
  }
}

function reasoningBlock(message: ChatMessage): string | null {
  if (!message.reasoning?.trim()) return null;
  // A literal closing tag in the text would end the block early.
  const body = message.reasoning.trim().replace(/<\/details/gi, '&lt;/details');
  return `<details>\n<summary>Reasoning${seconds(message.reasoningMs)}</summary>\n\n${body}\n\n</details>`;
}

function toolBlock(call: ToolCall, turn: ChatMessage[]): string {
  const result = toolResultFor(call, turn);
  const status = result?.toolRun ? RUN_LABEL[result.toolRun.status] : result ? 'done' : 'not run';
  const duration = result?.toolRun?.durationMs ?? null;
  const args = prettyJson(call.function.arguments || '{}');
  const parts = [
    `**Tool call** \`${oneLine(call.function.name) || 'tool'}\` — ${status}${seconds(duration)}`,
    fenced(args.text, args.json ? 'json' : ''),
  ];
  if (result?.content) {
    const output = prettyJson(result.content);
    parts.push('Result:', fenced(output.text, output.json ? 'json' : ''));
  }
  return parts.join('\n\n');
}

function notices(message: ChatMessage): string[] {
  const out: string[] = [];
  if (message.refusal) out.push(quoted(`**Refused:** ${message.refusal}`));
  if (message.status === 'error' && message.error)
    out.push(quoted(`**Error:** ${message.error.message}`));
  if (message.status === 'interrupted')
    out.push(quoted('_The answer was stopped before the end._'));
  return out;
}

function assistantTurn(turn: ChatMessage[]): string {
  const blocks: string[] = [];
  for (const message of turn) {
    if (message.role !== 'assistant') continue;
    const reasoning = reasoningBlock(message);
    if (reasoning) blocks.push(reasoning);
    if (message.content.trim()) blocks.push(message.content.trim());
    for (const call of message.toolCalls ?? []) blocks.push(toolBlock(call, turn));
    blocks.push(...notices(message));
  }
  // Tool messages without a matching call (e.g. hand-made data) still show what they hold.
  const orphans = turn.filter(
    (m) =>
      m.role === 'tool' &&
      !turn.some((a) => a.toolCalls?.some((c) => c.id !== '' && c.id === m.toolCallId)),
  );
  for (const tool of orphans) {
    blocks.push(
      `**Tool result** \`${oneLine(tool.toolRun?.name ?? 'tool')}\``,
      fenced(tool.content),
    );
  }
  return ['## Assistant', ...(blocks.length ? blocks : ['_(no answer)_'])].join('\n\n');
}

/** Markdown and HTML characters escaped, so a hostile file name stays plain text. */
export function escapeInline(text: string): string {
  return oneLine(text).replace(/[\\`*_{}[\]()#+\-.!<>|~&]/g, (c) => `\\${c}`);
}

function attachmentNote(a: AttachmentMeta): string {
  const pixels = a.width && a.height ? `, ${a.width}×${a.height}` : '';
  return `- Attached: ${escapeInline(a.name)} (${a.mediaType}${pixels}, ${formatBytes(a.size)}; the file itself is in the JSON export)`;
}

function userTurn(message: ChatMessage): string {
  const text = message.content.trim();
  const files = (message.attachments ?? []).map(attachmentNote);
  const body = [text, files.join('\n')].filter(Boolean).join('\n\n');
  return `## User\n\n${body || '_(empty message)_'}`;
}

export interface MarkdownOptions {
  exportedAt?: Date;
}

/** `branch` is the active branch, oldest first (what the conversation view shows). */
export function toMarkdown(
  conversation: Conversation,
  branch: readonly ChatMessage[],
  options: MarkdownOptions = {},
): string {
  const exportedAt = (options.exportedAt ?? new Date()).toISOString().slice(0, 10);
  const facts = [`Exported from Parley on ${exportedAt}`];
  if (conversation.model) facts.push(`model \`${oneLine(conversation.model)}\``);
  facts.push(`started ${conversation.createdAt.slice(0, 10)}`);
  const sections = [
    `# ${oneLine(conversation.title) || 'Untitled conversation'}`,
    `_${facts.join(' · ')}_`,
  ];

  const system = branch.filter((m) => m.role === 'system' && m.content.trim());
  for (const message of system) sections.push(`## System\n\n${quoted(message.content.trim())}`);

  for (const item of groupTurns([...branch])) {
    sections.push(item.kind === 'user' ? userTurn(item.message) : assistantTurn(item.messages));
  }
  return `${sections.join('\n\n---\n\n')}\n`;
}
