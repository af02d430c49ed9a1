import 'server-only';
import { z } from 'zod';

// What the admin routes (app/api/admin/*) share: their guard options and input schemas.

/** Every admin route: a signed-in admin (else the missing route's 404, proxy.ts), no cache. */
export const ADMIN = { identity: 'user', admin: true } as const;

export const NO_STORE = { 'cache-control': 'no-store' };

const DAY_MS = 86_400_000;
export const MAX_RANGE_DAYS = 366;

const utcDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give days as YYYY-MM-DD.')
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'That day does not exist.',
    },
  );

/** GET /api/admin/usage: UTC days, inclusive, at most 366 of them, `from` not after `to`. */
export const usageQuery = z
  .object({ from: utcDay, to: utcDay })
  .refine((q) => q.from <= q.to, {
    message: 'The period must start before it ends.',
    path: ['from'],
  })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1 <= MAX_RANGE_DAYS, {
    message: `Choose a period of at most ${MAX_RANGE_DAYS} days.`,
    path: ['to'],
  });

export const usersQuery = z.object({
  q: z.string().trim().max(200).default(''),
  cursor: z.string().max(320).optional(),
});

export const cursorQuery = z.object({ cursor: z.string().max(40).optional() });

export const idParams = z.object({ id: z.uuid() });

/** null = the default (TOKEN_BUDGET_ACCOUNT), 0 = no limit, n = tokens per UTC day. */
export const userPatch = z
  .object({
    disabled: z.boolean().optional(),
    dailyTokenBudget: z.number().int().min(0).max(1e12).nullable().optional(),
  })
  .strict()
  .refine((b) => b.disabled !== undefined || b.dailyTokenBudget !== undefined, {
    message: 'Say what to change: disabled, dailyTokenBudget or both.',
  });

export const settingsPatch = z.object({ guestsAllowed: z.boolean().nullable() }).strict();

export const SMALL_BODY = 1024;
