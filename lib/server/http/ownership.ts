import 'server-only';
import type { Db } from '@/lib/server/db/types';
import {
  getActiveShare,
  getConversation,
  getConversationOwner,
  getMessageForUser,
} from '@/lib/server/db/repository';

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
