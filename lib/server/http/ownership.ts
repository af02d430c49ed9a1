import 'server-only';
import { z } from 'zod';
import type { Db } from '@/lib/server/db/types';
import {
  getActiveShare,
  getConversation,
  getConversationOwner,
  getMessageForUser,
} from '@/lib/server/db/repository';
import { notFound } from '@/lib/server/errors';
import { ASSISTANT_NOT_FOUND, findUsable } from '@/lib/server/assistants/service';
import { CONFIG_ASSISTANT_ID } from '@/lib/server/config/assistants';

// Ownership checks for the guard's `owns`: each names the path parameter holding the id.

type Check = (db: Db, userId: string, params: Record<string, string>) => Promise<boolean>;

/** A live (not deleted) conversation of the caller's. */
export const ownsConversation =
  (param: string): Check =>
  async (db, userId, params) =>
    !!(await getConversation(db, { userId, conversationId: params[param] ?? '' }));

/** A conversation of the caller's, deleted (restorable) ones included. */
export const ownsAnyConversation =
  (param: string): Check =>
  async (db, userId, params) =>
    (await getConversationOwner(db, params[param] ?? '')) === userId;

/** A message in a live conversation of the caller's. */
export const ownsMessage =
  (param: string): Check =>
  async (db, userId, params) =>
    !!(await getMessageForUser(db, { userId, messageId: params[param] ?? '' }));

/** An active shared link the caller created. */
export const ownsShare =
  (param: string): Check =>
  async (db, userId, params) =>
    (await getActiveShare(db, params[param] ?? ''))?.userId === userId;

const CONVERSATION_NOT_FOUND = 'Conversation not found.';
const conversationParams = z.object({ id: z.uuid() });

/**
 * The guard spec of every route under /api/conversations/[id]: a signed-in caller, a uuid `id`,
 * and a conversation of theirs (live, or with `deleted`, restorable ones too); else 404 with
 * one message. Spread into `route()` and add the route's own body or query.
 */
export function ownedConversation(options: { deleted?: boolean } = {}) {
  return {
    identity: 'user',
    params: conversationParams,
    notFound: CONVERSATION_NOT_FOUND,
    owns: options.deleted ? ownsAnyConversation('id') : ownsConversation('id'),
  } as const;
}

/** The 404 a handler throws when the conversation vanished after the guard checked it. */
export const conversationNotFound = () => notFound(CONVERSATION_NOT_FOUND);

/** An assistant the caller may use: one of theirs, or one of the deployment's configured ones. */
export const ownsAssistant =
  (param: string): Check =>
  async (db, userId, params) =>
    !!(await findUsable(db, userId, params[param] ?? ''));

const assistantParams = z.object({
  id: z.union([z.uuid(), z.string().regex(CONFIG_ASSISTANT_ID)]),
});

/**
 * The guard spec of every route under /api/assistants/[id]: a signed-in caller and an assistant
 * they may use (their own, or a configured one, which the handler refuses to change); else 404.
 */
export function ownedAssistant() {
  return {
    identity: 'user',
    params: assistantParams,
    notFound: ASSISTANT_NOT_FOUND,
    owns: ownsAssistant('id'),
  } as const;
}
