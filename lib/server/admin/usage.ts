import 'server-only';
import { getConfig } from '@/lib/server/config';
import { costOf, priceOf } from '@/lib/server/config/admin';
import type { Db } from '@/lib/server/db/types';
import {
  getAccountsByIds,
  topUserUsage,
  type UserUsageRow,
  usageByDay,
} from '@/lib/server/db/repository';
import { getProviderRegistry } from '@/lib/server/providers';

// GET /api/admin/usage: the roll-up (usage_daily) over a range of UTC days, as the page draws
// it: per day, model and provider, and the top users. Costs come from MODEL_PRICES only.

const TOP_USERS = 100;

interface Totals {
  messages: number;
  inputTokens: number;
  outputTokens: number;
  cost: number | null;
}

type UserKind = 'account' | 'guests' | 'deleted';

function providerLabels(): (name: string) => string {
  const registry = getProviderRegistry();
  const fallback = registry.defaultChoice.provider;
  return (name) => registry.get(name || fallback)?.label ?? (name || fallback);
}

function rowCost(provider: string, model: string, input: number, output: number) {
  const prices = getConfig().admin.prices;
  return costOf(
    priceOf(prices, provider || getProviderRegistry().defaultChoice.provider, model),
    input,
    output,
  );
}

function addTo<T extends Totals>(
  map: Map<string, T>,
  key: string,
  init: () => T,
  row: Totals,
): void {
  const sum = map.get(key) ?? init();
  sum.messages += row.messages;
  sum.inputTokens += row.inputTokens;
  sum.outputTokens += row.outputTokens;
  // A group's cost adds up its priced models; null when none of them has a price.
  if (row.cost !== null) sum.cost = (sum.cost ?? 0) + row.cost;
  map.set(key, sum);
}

const zero = (): Totals => ({ messages: 0, inputTokens: 0, outputTokens: 0, cost: null });

export async function usageReport(db: Db, from: string, to: string) {
  const label = providerLabels();
  const [byDay, byUser] = await Promise.all([
    usageByDay(db, from, to),
    topUserUsage(db, { from, to, limit: TOP_USERS }),
  ]);
  // '' (the default provider) and its own name are one provider by the time they are labelled.
  const dayRows = new Map<string, Totals & { day: string; provider: string; model: string }>();
  for (const r of byDay) {
    const provider = label(r.provider);
    const row = { ...r, cost: rowCost(r.provider, r.model, r.inputTokens, r.outputTokens) };
    const init = () => ({ ...zero(), day: r.day, provider, model: r.model });
    addTo(dayRows, `${r.day}\u0000${provider}\u0000${r.model}`, init, row);
  }
  const days = [...dayRows.values()];
  const models = new Map<string, Totals & { provider: string; model: string }>();
  const providers = new Map<string, Totals & { provider: string }>();
  for (const d of days) {
    addTo(
      models,
      `${d.provider}\u0000${d.model}`,
      () => ({ ...zero(), provider: d.provider, model: d.model }),
      d,
    );
    addTo(providers, d.provider, () => ({ ...zero(), provider: d.provider }), d);
  }
  return {
    from,
    to,
    priced: Object.keys(getConfig().admin.prices).length > 0,
    days,
    models: [...models.values()].sort((a, b) => tokensOf(b) - tokensOf(a)),
    providers: [...providers.values()].sort((a, b) => tokensOf(b) - tokensOf(a)),
    users: await topUsers(db, byUser),
  };
}

const tokensOf = (t: Totals) => t.inputTokens + t.outputTokens;

async function topUsers(db: Db, rows: UserUsageRow[]) {
  const people = new Map<string, Totals & { userId: string | null; kind: UserKind }>();
  for (const r of rows) {
    const kind: UserKind =
      r.group === 'guests' ? 'guests' : r.group === 'deleted' ? 'deleted' : 'account';
    const row = { ...r, cost: rowCost(r.provider, r.model, r.inputTokens, r.outputTokens) };
    const init = () => ({ ...zero(), userId: kind === 'account' ? r.group : null, kind });
    addTo(people, r.group, init, row);
  }
  const top = [...people.values()]
    .sort((a, b) => tokensOf(b) - tokensOf(a) || b.messages - a.messages)
    .slice(0, TOP_USERS);
  const accounts = await getAccountsByIds(
    db,
    top.flatMap((p) => (p.userId ? [p.userId] : [])),
  );
  return top.map(({ userId, kind, ...totals }) => {
    const account = userId ? accounts.get(userId) : undefined;
    return {
      id: userId,
      email: account?.email ?? null,
      kind,
      ...totals,
      disabled: account?.disabled ?? false,
      dailyTokenBudget: account?.dailyTokenBudget ?? null,
    };
  });
}
