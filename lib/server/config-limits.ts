// The limit parts of the server configuration (see config.ts), kept apart to keep that file small.

export interface RateLimitConfig {
  /** POST /api/chat per user per minute (RATE_LIMIT_CHAT_PER_USER). */
  chatPerUser: number;
  /** POST /api/chat per client address per minute, all its users together (RATE_LIMIT_CHAT_PER_IP). */
  chatPerIp: number;
  /** New guests per client address per hour (RATE_LIMIT_GUESTS_PER_IP). */
  guestsPerIp: number;
}

export interface Limits {
  /** A whole non-streamed body: model lists, titles, MCP responses (UPSTREAM_BODY_MAX_BYTES). */
  upstreamBodyBytes: number;
  /** One server-sent event of a streamed answer (UPSTREAM_EVENT_MAX_BYTES). */
  upstreamEventBytes: number;
  /** One answer: text, reasoning and tool-call arguments together (ANSWER_MAX_CHARS). */
  answerChars: number;
}
