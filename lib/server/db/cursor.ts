import 'server-only';
import type { Conversation } from '@/lib/chat/types';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from URLs and cookies; a malformed one is "not found", not a SQL error. */
export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid conversation cursor');
    this.name = 'InvalidCursorError';
  }
}

// Opaque keyset cursor: the (updated_at, id) of the last item on the previous page.
export function encodeCursor(conversation: Conversation): string {
  return Buffer.from(JSON.stringify([conversation.updatedAt, conversation.id])).toString(
    'base64url',
  );
}

/** A position in a conversation list: the last item's updated_at and id. */
export interface Cursor {
  updatedAt: Date;
  id: string;
}

export function decodeCursor(cursor: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') {
      const updatedAt = new Date(value[0]);
      if (!Number.isNaN(updatedAt.getTime()) && isUuid(value[1])) {
        return { updatedAt, id: value[1] };
      }
    }
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

/** A position in search results: title matches come first, so the cursor says which part. */
export interface SearchCursor extends Cursor {
  titleHit: boolean;
}

export function encodeSearchCursor(conversation: Conversation, titleHit: boolean): string {
  return Buffer.from(JSON.stringify([conversation.updatedAt, conversation.id, titleHit])).toString(
    'base64url',
  );
}

/** A list cursor (two parts) reads as one in the body matches. */
export function decodeSearchCursor(cursor: string): SearchCursor {
  const position = decodeCursor(cursor);
  const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  return { ...position, titleHit: Array.isArray(value) && value[2] === true };
}
