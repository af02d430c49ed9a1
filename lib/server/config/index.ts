import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { type AccessConfig, accessConfigFrom, accessEnvShape, checkAccessEnv } from './access';
import { type Limits, limitsEnvShape, limitsFrom, type RateLimitConfig } from './limits';
import { isHttpUrl, logLevel, optionalText, schemeOf, wholeNumber } from './values';
import { rateLimitConfigFrom, rateLimitEnvShape } from './rate-limits';
import { vercelIssues } from './vercel';
import { type HostConfig, hostConfigFrom, hostEnvShape } from './hosts';
import { type MailConfig, mailConfigFrom, mailEnvShape, mailIssues } from './mail';
import {
  combineProviders,
  type ProviderConfig,
  parseContextWindows,
  parseProviders,
} from './providers';
import type { AttachmentLimits } from '@/lib/chat/attachments';
import type { Assistant } from '@/lib/chat/assistants';
import { assistantsFrom } from './assistants';
import { BUILTIN_TOOL_NAMES } from './builtin-tools';
import { type McpServerConfig, parseMcpServers } from './mcp';
import { type AdminConfig, adminConfigFrom, adminEnvShape } from './admin';

export type { ProviderConfig } from './providers';
export type { McpServerConfig } from './mcp';
export type { Limits, RateLimitConfig } from './limits';
export type { MailConfig } from './mail';

/**
 * Server configuration, read from the environment once per process.
 *
 * Model selection: `chatModel` is CHAT_MODEL, else the first entry of CHAT_MODELS, else null.
 * null means "use the first model the upstream (or the offline demo model) lists".
 * When CHAT_MODEL is set but missing from CHAT_MODELS it is prepended, so the default is always
 * pickable.
 */
export interface Config {
  /** null → no upstream configured; Parley serves its offline demo model. */
  openaiBaseUrl: string | null;
  openaiApiKey: string | null;
  chatModel: string | null;
  chatModels: string[];
  /** null → embedded PGlite at `pgliteDir`. */
  databaseUrl: string | null;
  /** Connections per server instance to DATABASE_URL (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** false: never LISTEN, always poll (DATABASE_LISTEN=off); true: LISTEN unless a known pooler. */
  databaseListen: boolean;
  /** Absolute path. */
  pgliteDir: string;
  /** null → a secret is generated once and kept in the database (app_secrets). */
  sessionSecret: string | null;
  port: number;
  /** MCP servers whose tools are offered to the model (MCP_SERVERS). */
  mcpServers: McpServerConfig[];
  /** Built-in tools that wait for the user's approval before running (TOOL_APPROVAL). */
  toolApproval: string[];
  /** Upper bound on model calls in one turn when tools are involved (TOOL_MAX_STEPS). */
  toolMaxSteps: number;
  /** Per tool call, including MCP calls (TOOL_TIMEOUT_MS). */
  toolTimeoutMs: number;
  /**
   * Every remote provider: OPENAI_BASE_URL & co. as "default" (when set), then PROVIDERS.
   * Empty → the offline demo model is the only provider.
   */
  providers: ProviderConfig[];
  /** Context sizes by model id for every provider, `*` = unknown models (CONTEXT_WINDOWS). */
  contextWindows: Record<string, number>;
  /** Files per message, bytes per file and per message (ATTACHMENT_MAX_*). */
  attachmentLimits: AttachmentLimits;
  /**
   * How long a live answer stays claimed by the instance writing it without a heartbeat
   * (LIVE_LEASE_MS). After that, any instance may settle it as interrupted.
   */
  liveLeaseMs: number;
  /** The deployment's assistants, read-only for users (ASSISTANTS or ASSISTANTS_FILE). */
  assistants: Assistant[];
  /** How many assistants of their own one user may keep (ASSISTANTS_PER_USER). */
  assistantsPerUser: number;
  /** Caps on what upstream servers (AI providers, MCP servers) may send; see `Limits`. */
  limits: Limits;
  /** Requests allowed per window, token budgets; 0 turns one off (RATE_LIMIT_*, TOKEN_BUDGET_*). */
  rateLimits: RateLimitConfig;
  access: AccessConfig;
  hosts: HostConfig;
  /** Outgoing mail for accounts (SMTP_URL, MAIL_FROM, RATE_LIMIT_MAILS_*). */
  mail: MailConfig;
  /** Who may open /admin, and prices for its cost estimates (ADMIN_EMAILS, MODEL_PRICES). */
  admin: AdminConfig;
}

export type Env = Record<string, string | undefined>;

export interface ConfigIssue {
  variable: string;
  message: string;
}

export class ConfigError extends Error {
  readonly issues: ConfigIssue[];
  constructor(issues: ConfigIssue[]) {
    super(
      issues.length === 1
        ? (issues[0]?.message ?? 'Invalid configuration')
        : `Invalid configuration:\n${issues.map((i) => `- ${i.message}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

const MIN_SECRET_LENGTH = 32;
const MB = 1024 * 1024;

const envSchema = z
  .object({
    OPENAI_BASE_URL: optionalText
      .refine((v) => v === undefined || isHttpUrl(v), {
        // The URL carries no secret, so echoing it helps spot typos.
        error: (issue) =>
          `OPENAI_BASE_URL must be an http(s) URL such as https://api.openai.com/v1 or http://localhost:11434/v1 (got ${JSON.stringify(issue.input)})`,
      })
      .transform((v) => (v === undefined ? null : v.replace(/\/+$/, ''))),
    OPENAI_API_KEY: optionalText.transform((v) => v ?? null),
    CHAT_MODEL: optionalText,
    CHAT_MODELS: optionalText.transform((v) =>
      v === undefined
        ? []
        : [
            ...new Set(
              v
                .split(',')
                .map((m) => m.trim())
                .filter(Boolean),
            ),
          ],
    ),
    DATABASE_URL: optionalText
      .refine((v) => v === undefined || /^postgres(ql)?:\/\/./i.test(v), {
        // Never echo the value: it usually contains a password. The scheme is enough to debug.
        error: (issue) =>
          `DATABASE_URL must be a postgres:// or postgresql:// connection string such as postgres://user:password@localhost:5432/parley, or be left unset to use the embedded PGlite database (got scheme ${JSON.stringify(schemeOf(String(issue.input)))})`,
      })
      .transform((v) => v ?? null),
    DATABASE_POOL_MAX: wholeNumber('DATABASE_POOL_MAX', 1, 100, 5, 5),
    DATABASE_LISTEN: optionalText
      .refine((v) => v === undefined || /^(auto|off)$/i.test(v), {
        error: (issue) =>
          `DATABASE_LISTEN must be "auto" (LISTEN/NOTIFY unless DATABASE_URL is a known pooler) or "off" (always poll, for a transaction-mode pooler Parley does not recognise) (got ${JSON.stringify(issue.input)})`,
      })
      .transform((v) => v?.toLowerCase() !== 'off'),
    PGLITE_DIR: optionalText,
    SESSION_SECRET: optionalText
      .refine((v) => v === undefined || v.length >= MIN_SECRET_LENGTH, {
        error: (issue) =>
          `SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters (got ${String(issue.input).length}); generate one with \`openssl rand -base64 32\`, or leave it unset to let Parley generate and store one`,
      })
      .transform((v) => v ?? null),
    PORT: optionalText
      .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), {
        error: (issue) =>
          `PORT must be a whole number between 1 and 65535 such as 3000 (got ${JSON.stringify(issue.input)})`,
      })
      .transform((v) => (v === undefined ? 3000 : Number(v))),
    MCP_SERVERS: optionalText.transform((v, ctx) =>
      v === undefined ? [] : parseMcpServers(v, ctx),
    ),
    TOOL_APPROVAL: optionalText.transform((v, ctx) => {
      const names = [
        ...new Set(
          (v ?? '')
            .split(',')
            .map((n) => n.trim())
            .filter(Boolean),
        ),
      ];
      const known: readonly string[] = BUILTIN_TOOL_NAMES;
      for (const name of names) {
        if (!known.includes(name)) {
          ctx.addIssue({
            code: 'custom',
            message: `TOOL_APPROVAL lists ${JSON.stringify(name)}, which is not a built-in tool; use a comma-separated list of ${BUILTIN_TOOL_NAMES.join(', ')} (MCP tools need approval per server: "requireApproval" in MCP_SERVERS)`,
          });
        }
      }
      return names;
    }),
    TOOL_MAX_STEPS: wholeNumber('TOOL_MAX_STEPS', 1, 20, 5, 5),
    TOOL_TIMEOUT_MS: wholeNumber('TOOL_TIMEOUT_MS', 100, 300_000, 20_000, 20000),
    PROVIDERS: optionalText.transform((v, ctx) => (v === undefined ? [] : parseProviders(v, ctx))),
    CONTEXT_WINDOWS: optionalText.transform((v, ctx) =>
      v === undefined ? {} : parseContextWindows(v, ctx),
    ),
    ATTACHMENT_MAX_FILES: wholeNumber('ATTACHMENT_MAX_FILES', 0, 50, 8, 8),
    // 4 MB: Vercel refuses request bodies over 4.5 MB; images are downscaled in the browser first.
    ATTACHMENT_MAX_FILE_MB: wholeNumber('ATTACHMENT_MAX_FILE_MB', 1, 100, 4, 4),
    ATTACHMENT_MAX_TOTAL_MB: wholeNumber('ATTACHMENT_MAX_TOTAL_MB', 1, 500, 16, 16),
    // Read by assistantsFrom (a file needs the working directory), after this schema.
    ASSISTANTS: optionalText,
    ASSISTANTS_FILE: optionalText,
    ASSISTANTS_PER_USER: wholeNumber('ASSISTANTS_PER_USER', 0, 10_000, 100, 100),
    LIVE_LEASE_MS: wholeNumber('LIVE_LEASE_MS', 1_000, 600_000, 20_000, 20000),
    ...limitsEnvShape,
    ...rateLimitEnvShape,
    LOG_LEVEL: logLevel,
    NODE_ENV: optionalText,
    VERCEL: optionalText,
    ...accessEnvShape,
    ...hostEnvShape,
    ...mailEnvShape,
    ...adminEnvShape,
  })
  .superRefine(checkAccessEnv);

/** Pure: validates `env` and derives defaults. Relative PGLITE_DIR resolves against `cwd`. */
export function parseConfig(env: Env, cwd: string = process.cwd()): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({
        variable: String(issue.path[0] ?? 'environment'),
        message: issue.message,
      })),
    );
  }
  const e = result.data;
  const access = accessConfigFrom(e);
  const platformIssues = [...vercelIssues(e), ...mailIssues(e, access.sso.length > 0)];
  if (platformIssues.length > 0) throw new ConfigError(platformIssues);
  const chatModel = e.CHAT_MODEL ?? e.CHAT_MODELS[0] ?? null;
  const chatModels =
    e.CHAT_MODEL !== undefined && !e.CHAT_MODELS.includes(e.CHAT_MODEL)
      ? [e.CHAT_MODEL, ...e.CHAT_MODELS]
      : e.CHAT_MODELS;
  // `next dev` and `next start` get separate folders: they may run side by side, and PGlite
  // must never be opened by two processes at once.
  const defaultDir = e.NODE_ENV === 'production' ? '.data/pglite-prod' : '.data/pglite-dev';
  const { providers, error: providersError } = combineProviders(
    e.OPENAI_BASE_URL
      ? {
          baseUrl: e.OPENAI_BASE_URL,
          apiKey: e.OPENAI_API_KEY,
          // The provider's first model is its default: CHAT_MODEL leads.
          models: chatModel
            ? [chatModel, ...chatModels.filter((m) => m !== chatModel)]
            : chatModels,
          contextWindow: {},
        }
      : null,
    e.PROVIDERS,
  );
  if (providersError) throw new ConfigError([{ variable: 'PROVIDERS', message: providersError }]);
  const assistants = assistantsFrom(e, cwd);
  if (assistants.issues.length > 0) throw new ConfigError(assistants.issues);
  return {
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiApiKey: e.OPENAI_API_KEY,
    chatModel,
    chatModels,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseListen: e.DATABASE_LISTEN,
    pgliteDir: path.resolve(cwd, e.PGLITE_DIR ?? defaultDir),
    sessionSecret: e.SESSION_SECRET,
    port: e.PORT,
    mcpServers: e.MCP_SERVERS,
    toolApproval: e.TOOL_APPROVAL,
    toolMaxSteps: e.TOOL_MAX_STEPS,
    toolTimeoutMs: e.TOOL_TIMEOUT_MS,
    attachmentLimits: {
      maxFiles: e.ATTACHMENT_MAX_FILES,
      maxFileBytes: e.ATTACHMENT_MAX_FILE_MB * MB,
      maxTotalBytes: Math.max(e.ATTACHMENT_MAX_TOTAL_MB, e.ATTACHMENT_MAX_FILE_MB) * MB,
    },
    providers,
    contextWindows: e.CONTEXT_WINDOWS,
    liveLeaseMs: e.LIVE_LEASE_MS,
    assistants: assistants.assistants,
    assistantsPerUser: e.ASSISTANTS_PER_USER,
    limits: limitsFrom(e),
    rateLimits: rateLimitConfigFrom(e),
    access,
    hosts: hostConfigFrom(e),
    mail: mailConfigFrom(e),
    admin: adminConfigFrom(e),
  };
}

let cached: Config | undefined;

/**
 * Validated once per process; throws ConfigError (every bad variable listed). The server calls it
 * at start-up (instrumentation.ts), so a bad variable stops the server before any request.
 */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
