import 'server-only';
import { z } from 'zod';
import { describePath, isHttpUrl, schemeOf } from '@/lib/server/config/values';

// The PROVIDERS and CONTEXT_WINDOWS variables (lib/server/config/index.ts calls these parsers). Keys,
// header and query values are never echoed in errors: they are usually credentials.

export interface ProviderConfig {
  /** [a-z0-9_-]{1,32}, unique; the browser names a provider by it. */
  name: string;
  /** Shown in the model picker; defaults to the name. */
  label: string;
  /** http(s), no trailing slash, no query string (use `query`). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <key>`; null for servers without keys or header-based auth. */
  apiKey: string | null;
  /** Offered first in the picker; the first one is the provider's default model. */
  models: string[];
  /** Sent with every request to this provider (e.g. Azure's `api-key`); they override defaults. */
  headers: Record<string, string>;
  /** Added to every URL of this provider (e.g. Azure's `api-version`). */
  query: Record<string, string>;
  /** Context size in tokens by model id; `*` = every other model of this provider. */
  contextWindow: Record<string, number>;
  /** Models that accept `reasoning_effort`; null = guess from the model id (capabilities.ts). */
  reasoningModels: string[] | null;
  /** Which models accept images: all (true), none (false), the listed ids; null = guess. */
  vision?: boolean | string[] | null;
}

export const PROVIDER_NAME = /^[a-z0-9_-]{1,32}$/;
/** The provider built from OPENAI_BASE_URL / OPENAI_API_KEY / CHAT_MODEL(S). */
export const LEGACY_PROVIDER_NAME = 'default';
export const MIN_CONTEXT_WINDOW = 64;
export const MAX_CONTEXT_WINDOW = 100_000_000;

const PROVIDERS_EXAMPLE =
  '[{"name":"openai","baseUrl":"https://api.openai.com/v1","apiKey":"sk-…","models":["gpt-4o-mini"]}]';
const ENTRY_EXAMPLE =
  '{"name":"azure","baseUrl":"https://NAME.openai.azure.com/openai/v1","headers":{"api-key":"…"},"query":{"api-version":"2024-06-01"},"models":["gpt-4o-mini"],"contextWindow":{"gpt-4o-mini":128000}}';

// RFC 9110 token: what a header name may contain.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const contextSize = z
  .number()
  .int()
  .min(MIN_CONTEXT_WINDOW)
  .max(MAX_CONTEXT_WINDOW, `must be at most ${MAX_CONTEXT_WINDOW} tokens`);

const contextMap = z.record(z.string().trim().min(1).max(200), contextSize);

const modelId = z.string().trim().min(1).max(200);

const providerSchema = z.strictObject({
  name: z.string().regex(PROVIDER_NAME, {
    error: (issue) =>
      `must be 1–32 lowercase letters, digits, "_" or "-" (got ${JSON.stringify(issue.input)})`,
  }),
  label: z.string().trim().min(1).max(60).optional(),
  baseUrl: z
    .string()
    .trim()
    .refine(isHttpUrl, {
      // Only the scheme: a URL may carry a token.
      error: (issue) =>
        `must be an http(s) URL such as https://api.openai.com/v1 (got scheme ${JSON.stringify(schemeOf(String(issue.input)))})`,
    })
    .refine((v) => !v.includes('?') && !v.includes('#'), {
      error: 'must not contain a query string; put query parameters in "query"',
    })
    .transform((v) => v.replace(/\/+$/, '')),
  apiKey: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  models: z.array(modelId).max(1000).default([]),
  headers: z
    .record(
      z.string().regex(HEADER_NAME, { error: 'has a header name that is not a valid HTTP token' }),
      z.string(),
    )
    .default({}),
  query: z.record(z.string().min(1), z.string()).default({}),
  contextWindow: contextMap.default({}),
  reasoningModels: z.array(modelId).max(1000).optional(),
  vision: z.union([z.boolean(), z.array(modelId).max(1000)]).optional(),
});

type Ctx = z.RefinementCtx;

function parseJson(variable: string, value: string, example: string, ctx: Ctx): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `${variable} must be JSON such as ${example} (the value is not valid JSON: ${error instanceof Error ? error.message : String(error)})`,
    });
    return undefined;
  }
}

/** PROVIDERS: a JSON array of providers; issues are reported on `ctx`, naming the variable. */
export function parseProviders(value: string, ctx: Ctx): ProviderConfig[] {
  const json = parseJson('PROVIDERS', value, PROVIDERS_EXAMPLE, ctx);
  if (json === undefined) return [];
  const result = z.array(providerSchema).min(1).safeParse(json);
  if (!result.success) {
    const issues = result.error.issues;
    issues.forEach((issue, i) => {
      // The example once, after the last problem, keeps a long list readable.
      const example = i === issues.length - 1 ? `; expected entries like ${ENTRY_EXAMPLE}` : '';
      const what = /^(must|has) /.test(issue.message)
        ? issue.message
        : `is invalid (${issue.message})`;
      ctx.addIssue({
        code: 'custom',
        message:
          issue.path.length === 0
            ? `PROVIDERS must be a non-empty JSON array such as ${PROVIDERS_EXAMPLE}`
            : `PROVIDERS${describePath(issue.path)} ${what}${example}`,
      });
    });
    return [];
  }
  const seen = new Set<string>();
  const providers: ProviderConfig[] = [];
  for (const p of result.data) {
    if (seen.has(p.name)) {
      ctx.addIssue({
        code: 'custom',
        message: `PROVIDERS lists the name ${JSON.stringify(p.name)} twice; every provider needs a unique name`,
      });
    }
    seen.add(p.name);
    providers.push({
      name: p.name,
      label: p.label ?? p.name,
      baseUrl: p.baseUrl,
      apiKey: p.apiKey,
      models: [...new Set(p.models)],
      headers: p.headers,
      query: p.query,
      contextWindow: p.contextWindow,
      reasoningModels: p.reasoningModels ?? null,
      vision: p.vision ?? null,
    });
  }
  return providers;
}

/** CONTEXT_WINDOWS: `{"model-id": tokens, "*": tokens}`, for every provider. */
export function parseContextWindows(value: string, ctx: Ctx): Record<string, number> {
  const example = '{"llama3.1:8b":8192,"*":32768}';
  const json = parseJson('CONTEXT_WINDOWS', value, example, ctx);
  if (json === undefined) return {};
  const result = contextMap.safeParse(json);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const where = issue.path.length === 0 ? '' : ` entry ${JSON.stringify(issue.path[0])}`;
      ctx.addIssue({
        code: 'custom',
        message: `CONTEXT_WINDOWS${where} is invalid (${issue.message}); expected a JSON object of model ids to whole numbers of tokens (${MIN_CONTEXT_WINDOW}–${MAX_CONTEXT_WINDOW}) such as ${example}`,
      });
    }
    return {};
  }
  return result.data;
}

/**
 * Every remote provider: the single-provider variables first (as "default"), then PROVIDERS.
 * Returns an error message when the two collide.
 */
export function combineProviders(
  legacy: Omit<
    ProviderConfig,
    'name' | 'label' | 'headers' | 'query' | 'reasoningModels' | 'vision'
  > | null,
  listed: ProviderConfig[],
): { providers: ProviderConfig[]; error: string | null } {
  if (!legacy) return { providers: listed, error: null };
  const first: ProviderConfig = {
    ...legacy,
    name: LEGACY_PROVIDER_NAME,
    label: 'Default',
    headers: {},
    query: {},
    reasoningModels: null,
    vision: null,
  };
  if (listed.some((p) => p.name === LEGACY_PROVIDER_NAME)) {
    return {
      providers: [first, ...listed.filter((p) => p.name !== LEGACY_PROVIDER_NAME)],
      error: `PROVIDERS uses the name "${LEGACY_PROVIDER_NAME}", which belongs to the provider set by OPENAI_BASE_URL; rename that entry, or move OPENAI_BASE_URL/OPENAI_API_KEY/CHAT_MODELS into PROVIDERS`,
    };
  }
  return { providers: [first, ...listed], error: null };
}
