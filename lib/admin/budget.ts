// The daily token budget field of an account: empty = the default (TOKEN_BUDGET_ACCOUNT),
// 0 = no limit, n = n tokens per UTC day.

export type BudgetInput = { budget: number | null } | { error: string };

export const MAX_BUDGET = 1_000_000_000_000;

export function parseBudget(text: string): BudgetInput {
  const trimmed = text.trim();
  if (trimmed === '') return { budget: null };
  if (!/^\d+$/.test(trimmed)) return { error: 'Enter a whole number of tokens, 0, or nothing.' };
  const budget = Number(trimmed);
  if (budget > MAX_BUDGET) return { error: 'That budget is too large.' };
  return { budget };
}

export function budgetText(budget: number | null): string {
  if (budget === null) return 'the default';
  if (budget === 0) return 'no limit';
  return `${budget.toLocaleString('en-US')} tokens a day`;
}
