import type { ChatError, ChatMessage, Conversation } from '@/lib/chat/types';
import type { LiveTurn } from './conversation-store';

// What the stream driver (stream-driver.ts) takes and gives back.

/** A turn the server finished: `saved` is every message it created or changed, as saved. */
export interface FinishedTurn {
  conversationId: string;
  /** The conversation as saved when the turn began (absent from older servers). */
  conversation: Conversation | null;
  saved: ChatMessage[];
  /** The message this turn replaced (a retry or an edit) and the new version standing for it. */
  replaces: string | null;
  newVersionId: string | null;
}

export type TurnOutcome =
  /** `onFinished` has run: the turn is in the caller's hands. */
  | { kind: 'done'; conversationId: string }
  /** The stream ended early or dropped after the turn began: the server still owns the turn. */
  | { kind: 'detached'; conversationId: string }
  /** Nothing was saved: refused by the server, or the server was unreachable. */
  | { kind: 'refused'; error: ChatError }
  /** The caller left (stopReading): the server finishes and saves on its own. */
  | { kind: 'aborted' };

export interface TurnHooks {
  /** The server created (or confirmed) the conversation; the turn streams from here on. */
  onStarted?(conversationId: string): void;
  /** Runs in the same task that clears the live turn, so the hand-off renders in one commit. */
  onFinished?(turn: FinishedTurn): void;
}

export interface StartInput extends TurnHooks {
  url: string;
  body: Record<string, unknown>;
  /** The message being sent, shown at once; null when the turn resumes (retry, approval). */
  userMessage: ChatMessage | null;
  /** Saved messages the live turn shows while it continues (a tool approval's turn). */
  turn?: ChatMessage[];
  replaces?: string | null;
}

export interface ResumeInput extends TurnHooks {
  conversationId: string;
  /** The answer being written (status 'streaming'). */
  messageId: string;
  /**
   * Replay the turn's events after this sequence number. 0 (the default) replays it from its
   * beginning, so the live text is rebuilt exactly from the server's events, not from a snapshot.
   */
  afterSeq?: number;
  /** The turn followed (from its `start` event), so a newer turn is never mistaken for it. */
  generationId?: string;
  /** The turn's saved messages so far, shown live while it continues. */
  turn?: ChatMessage[];
  /** Where the answer's events are read from; the route that serves them decides. */
  url?: string;
}

/** What a stream driver writes to: the one live turn (conversation-store), or a comparison's column. */
export interface TurnStore {
  get(): { live: LiveTurn | null };
  actions(): {
    turnBegan(
      userMessage: ChatMessage | null,
      messages?: ChatMessage[],
      replaces?: string | null,
    ): void;
    turnStarted(conversationId: string, userMessage: ChatMessage | null): void;
    upsert(message: ChatMessage): void;
    stopRequested(): void;
    turnEnded(): void;
    sendFailed(error: ChatError): void;
  };
}
