import 'server-only';
import { z } from 'zod';
import { describePath, optionalText } from './values';

// ADMIN_EMAILS (who may open /admin) and MODEL_PRICES (what a million tokens cost, for the admin
// page's estimates). index.ts spreads `adminEnvShape` into its schema and calls `adminConfigFrom`.
// There is no built-in price list: a price is what the owner wrote, or no cost is shown.

export interface ModelPrice {
  /** USD per million input (prompt) tokens. */
  input: number;
  /** USD per million output (completion) tokens. */
  output: number;
}

export interface AdminConfig {
  /** Lower-case addresses; empty = nobody is an admin and /admin is a missing page for all. */
  emails: string[];
  /** Keyed by `model` or `provider/model` (the more specific wins). */
  prices: Record<string, ModelPrice>;
}

const ADDRESS = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PRICES_EXAMPLE =
  '{"gpt-4o":{"input":2.5,"output":10},"groq/llama-3.3-70b":{"input":0.59,"output":0.79}}';

export function parseAdminEmails(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(/[\s,;]+/)
        .map((entry) => entry.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const usd = z.number().finite().min(0).max(1_000_000);
const priceSchema = z.record(
  z.string().trim().min(1).max(240),
  z.strictObject({ input: usd, output: usd }),
);

function parsePrices(value: string, ctx: z.RefinementCtx): Record<string, ModelPrice> {
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `MODEL_PRICES must be a JSON object of USD per million tokens by model or provider/model, such as ${PRICES_EXAMPLE} (it is not valid JSON)`,
    });
    return {};
  }
  const parsed = priceSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? describePath(issue.path) : '';
  ctx.addIssue({
    code: 'custom',
    message: `MODEL_PRICES${where} is not right: each key is a model or provider/model and each value {"input": USD per million input tokens, "output": USD per million output tokens}, numbers from 0 to 1000000, such as ${PRICES_EXAMPLE}`,
  });
  return {};
}

export const adminEnvShape = {
  ADMIN_EMAILS: optionalText
    .transform(parseAdminEmails)
    .refine((entries) => entries.every((e) => ADDRESS.test(e)), {
      error: (issue) =>
        `ADMIN_EMAILS must be a comma-separated list of whole addresses such as ana@example.com (got ${JSON.stringify((issue.input as string[]).find((e) => !ADDRESS.test(e)))})`,
    }),
  MODEL_PRICES: optionalText.transform((v, ctx) => (v === undefined ? {} : parsePrices(v, ctx))),
};

type AdminEnv = z.infer<z.ZodObject<typeof adminEnvShape>>;

export function adminConfigFrom(e: AdminEnv): AdminConfig {
  return { emails: e.ADMIN_EMAILS, prices: e.MODEL_PRICES };
}

/** The price of `model` as served by `provider`: `provider/model` first, then `model`. */
export function priceOf(
  prices: Record<string, ModelPrice>,
  provider: string,
  model: string,
): ModelPrice | null {
  return prices[`${provider}/${model}`] ?? prices[model] ?? null;
}

/** USD for the tokens at `price`, or null without one. */
export function costOf(
  price: ModelPrice | null,
  inputTokens: number,
  outputTokens: number,
): number | null {
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
