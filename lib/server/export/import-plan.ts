import { ARCHIVE_FORMAT, CONVERSATION_FORMAT, EXPORT_VERSION } from '@/lib/chat/export-types';
import { cleanLabel } from '@/lib/chat/text-hygiene';
import {
  archiveFile,
  type Body,
  conversationFile,
  type ImportIssue,
  ImportValidationError,
  isRecord,
  MAX_MESSAGES_PER_FILE,
  type PlannedConversation,
  type PlannedMessage,
  zodIssues,
} from './import-schema';

// Turns a validated upload into conversations to insert: parent links checked (present, no loops),
// a parent-first order, fresh ids, and nothing left looking "still running".

/**
 * Parent-first order of the messages, or the problems with their links. Every parent must be in
 * the file and the links must not loop; the order of the file is kept wherever it allows.
 */
function orderMessages(body: Body, at: string): { order: number[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const index = new Map<string, number>();
  body.messages.forEach((m, i) => {
    if (index.has(m.id))
      issues.push({
        path: `${at}messages[${i}].id`,
        message: `"${m.id}" is used by another message too`,
      });
    else index.set(m.id, i);
  });
  body.messages.forEach((m, i) => {
    if (m.parentId !== null && !index.has(m.parentId))
      issues.push({
        path: `${at}messages[${i}].parentId`,
        message: `no message in the file has the id "${m.parentId}"`,
      });
  });
  if (body.activeLeafId !== null && !index.has(body.activeLeafId))
    issues.push({
      path: `${at}activeLeafId`,
      message: `no message in the file has the id "${body.activeLeafId}"`,
    });
  if (issues.length > 0) return { order: [], issues };

  const parentOf = (i: number): number | null => {
    const parentId = body.messages[i]?.parentId;
    return parentId == null ? null : (index.get(parentId) ?? null);
  };
  // 0 = unvisited, 1 = on the current path, 2 = placed.
  const state = new Uint8Array(body.messages.length);
  const order: number[] = [];
  for (let start = 0; start < body.messages.length; start++) {
    if (state[start] === 2) continue;
    // Walk up to the first placed ancestor (iteratively: a hostile chain may be very deep).
    const path: number[] = [];
    let node: number | null = start;
    while (node !== null && state[node] !== 2) {
      if (state[node] === 1) {
        return {
          order: [],
          issues: [
            {
              path: `${at}messages[${node}].parentId`,
              message: 'the parent ids form a cycle (a message cannot be its own ancestor)',
            },
          ],
        };
      }
      state[node] = 1;
      path.push(node);
      node = parentOf(node);
    }
    for (const i of path.reverse()) {
      state[i] = 2;
      order.push(i);
    }
  }
  return { order, issues: [] };
}

/** The active leaf goes last, so the conversation opens on the branch that was on screen. */
function leafLast(body: Body, order: number[]): number[] {
  if (body.activeLeafId === null) return order;
  const children = new Map<string, number[]>();
  for (const i of order) {
    const parentId = body.messages[i]?.parentId;
    if (parentId != null) children.set(parentId, [...(children.get(parentId) ?? []), i]);
  }
  let leaf = order.find((i) => body.messages[i]?.id === body.activeLeafId);
  for (let next = leaf; next !== undefined; ) {
    leaf = next;
    next = children.get(body.messages[next]?.id ?? '')?.at(-1);
  }
  return leaf === undefined ? order : [...order.filter((i) => i !== leaf), leaf];
}

function plan(
  body: Body,
  at: string,
): { conversation?: PlannedConversation; issues: ImportIssue[] } {
  const { order, issues } = orderMessages(body, at);
  if (issues.length > 0) return { issues };
  const ids = new Map(body.messages.map((m) => [m.id, crypto.randomUUID()]));
  const messages = leafLast(body, order).map((i): PlannedMessage => {
    const m = body.messages[i] as Body['messages'][number];
    // An imported conversation is a record, never a live turn: nothing may look still running
    // or waiting for approval (approving would run a tool the file chose).
    const live = m.status === 'streaming';
    const run = m.toolRun;
    const stuck = run !== null && (run.status === 'running' || run.status === 'awaiting_approval');
    return {
      id: ids.get(m.id) ?? crypto.randomUUID(),
      parentId: m.parentId === null ? null : (ids.get(m.parentId) ?? null),
      role: m.role,
      content: m.content,
      reasoning: m.reasoning,
      refusal: m.refusal,
      toolCalls: m.toolCalls,
      toolCallId: m.toolCallId,
      status: live ? (m.role === 'tool' ? 'complete' : 'interrupted') : m.status,
      finishReason: m.finishReason,
      usage: m.usage,
      model: m.model,
      error: m.error,
      reasoningMs: m.reasoningMs,
      toolRun: run && stuck ? { ...run, status: 'not_executed' } : run,
      createdAt: m.createdAt ? new Date(m.createdAt) : null,
      // A file the export could not read has no data: there is nothing to restore.
      files: (m.attachments ?? []).flatMap((a, j) =>
        a.dataBase64 === undefined
          ? []
          : [
              {
                id: crypto.randomUUID(),
                name: a.name,
                dataBase64: a.dataBase64,
                path: `${at}messages[${i}].attachments[${j}]`,
              },
            ],
      ),
    };
  });
  const firstUser = cleanLabel(messages.find((m) => m.role === 'user')?.content ?? '');
  const original = cleanLabel(body.conversation.title) || firstUser?.slice(0, 80) || '';
  // Marked, so an import next to its original is not a second identical entry; not twice.
  const title = !original
    ? 'Imported conversation'
    : IMPORTED.test(original)
      ? original
      : `${original} (imported)`;
  return {
    conversation: {
      title,
      model: body.conversation.model,
      settings: body.conversation.settings,
      createdAt: body.conversation.createdAt ? new Date(body.conversation.createdAt) : null,
      messages,
    },
    issues: [],
  };
}

const IMPORTED = /\(imported\)$/i;

/** Checks an uploaded export and plans its conversations; throws ImportValidationError. */
export function planImport(file: unknown): PlannedConversation[] {
  const formats = [CONVERSATION_FORMAT, ARCHIVE_FORMAT];
  if (!isRecord(file) || !formats.includes(String(file.format))) {
    throw new ImportValidationError([
      {
        path: isRecord(file) ? 'format' : '',
        message: `This is not a Parley export: "format" must be "${CONVERSATION_FORMAT}" or "${ARCHIVE_FORMAT}".`,
      },
    ]);
  }
  if (file.version !== EXPORT_VERSION) {
    throw new ImportValidationError([
      {
        path: 'version',
        message:
          typeof file.version === 'number'
            ? `this file is export version ${file.version}; this Parley reads version ${EXPORT_VERSION}`
            : `is missing or not a number; this Parley reads version ${EXPORT_VERSION}`,
      },
    ]);
  }

  const bodies: { body: Body; at: string }[] = [];
  if (file.format === CONVERSATION_FORMAT) {
    const parsed = conversationFile.safeParse(file);
    if (!parsed.success) throw new ImportValidationError(zodIssues(parsed.error));
    bodies.push({ body: parsed.data, at: '' });
  } else {
    const parsed = archiveFile.safeParse(file);
    if (!parsed.success) throw new ImportValidationError(zodIssues(parsed.error));
    for (const [i, body] of parsed.data.conversations.entries()) {
      bodies.push({ body, at: `conversations[${i}].` });
    }
  }
  const total = bodies.reduce((n, b) => n + b.body.messages.length, 0);
  if (total > MAX_MESSAGES_PER_FILE) {
    throw new ImportValidationError([
      {
        path: '',
        message: `The file holds ${total} messages; at most ${MAX_MESSAGES_PER_FILE} can be imported at once.`,
      },
    ]);
  }

  const planned: PlannedConversation[] = [];
  const issues: ImportIssue[] = [];
  for (const { body, at } of bodies) {
    const result = plan(body, at);
    if (result.conversation) planned.push(result.conversation);
    issues.push(...result.issues);
  }
  if (issues.length > 0) throw new ImportValidationError(issues);
  return planned;
}
