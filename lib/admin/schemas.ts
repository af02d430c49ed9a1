import { z } from 'zod';

// The answers of /api/admin/* (the contract in the admin issue), parsed where they enter the
// browser: the admin page works with these types only, never with unchecked JSON.

const count = z.number().int().nonnegative();
const cost = z.number().nonnegative().nullable();
const totals = { messages: count, inputTokens: count, outputTokens: count, cost };

export const usageDaySchema = z.object({
  day: z.string(),
  provider: z.string(),
  model: z.string(),
  ...totals,
});
export const usageModelSchema = z.object({ provider: z.string(), model: z.string(), ...totals });
export const usageProviderSchema = z.object({ provider: z.string(), ...totals });
export const usageUserSchema = z.object({
  id: z.string().nullable(),
  email: z.string().nullable(),
  kind: z.enum(['account', 'guests', 'deleted']),
  ...totals,
  disabled: z.boolean(),
  dailyTokenBudget: count.nullable(),
});

export const usageSchema = z.object({
  from: z.string(),
  to: z.string(),
  priced: z.boolean(),
  days: z.array(usageDaySchema),
  models: z.array(usageModelSchema),
  providers: z.array(usageProviderSchema),
  users: z.array(usageUserSchema),
});

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  verified: z.boolean(),
  disabled: z.boolean(),
  dailyTokenBudget: count.nullable(),
  tokensToday: count,
});
export const userPageSchema = z.object({
  users: z.array(adminUserSchema),
  next: z.string().nullable(),
});
export const userAnswerSchema = z.object({ user: adminUserSchema });

export const settingsSchema = z.object({
  guests: z.object({ allowed: z.boolean(), source: z.enum(['env', 'admin']) }),
});

export const auditActions = [
  'user.disable',
  'user.enable',
  'user.delete',
  'user.budget',
  'guests.set',
  'generation.stop',
] as const;
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  // An action a newer server knows is shown by its code rather than breaking the page.
  action: z.union([z.enum(auditActions), z.string()]),
  target: z.string().nullable(),
  detail: z.string().nullable(),
});
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next: z.string().nullable(),
});

export const liveGenerationSchema = z.object({
  id: z.string(),
  user: z.object({
    id: z.string().nullable(),
    email: z.string().nullable(),
    kind: z.enum(['account', 'guest']),
  }),
  model: z.string(),
  provider: z.string(),
  startedAt: z.string(),
  tokens: count,
});
export const liveSchema = z.object({ generations: z.array(liveGenerationSchema) });

export const providerStatusSchema = z.object({
  name: z.string(),
  label: z.string(),
  reachable: z.boolean(),
  models: count.nullable(),
  error: z.string().nullable(),
  checkedAt: z.string(),
});
export const providersSchema = z.object({ providers: z.array(providerStatusSchema) });

export type Usage = z.infer<typeof usageSchema>;
export type UsageDay = z.infer<typeof usageDaySchema>;
export type UsageModel = z.infer<typeof usageModelSchema>;
export type UsageProvider = z.infer<typeof usageProviderSchema>;
export type UsageUser = z.infer<typeof usageUserSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type UserPage = z.infer<typeof userPageSchema>;
export type AdminSettings = z.infer<typeof settingsSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AuditPage = z.infer<typeof auditPageSchema>;
export type LiveGeneration = z.infer<typeof liveGenerationSchema>;
export type ProviderStatus = z.infer<typeof providerStatusSchema>;

/** PATCH /api/admin/users/[id]: null budget = the default, 0 = no limit. */
export interface UserChange {
  disabled?: boolean;
  dailyTokenBudget?: number | null;
}
