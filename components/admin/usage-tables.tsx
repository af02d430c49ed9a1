'use client';
import { csvFileName } from '@/lib/admin/csv';
import { formatCost, formatCount } from '@/lib/admin/format';
import type { Usage, UsageDay, UsageModel, UsageProvider, UsageUser } from '@/lib/admin/schemas';
import { DataTable, type TableColumn } from './data-table';

// The numbers behind the charts, as tables (the charts' text alternative): by day, by model, by
// provider and the top users, each sortable and downloadable as CSV.

type Totals = Pick<UsageModel, 'messages' | 'inputTokens' | 'outputTokens' | 'cost'>;
type TotalKey = 'messages' | 'inputTokens' | 'outputTokens' | 'total' | 'cost';

function totalColumns<Row extends Totals>(priced: boolean): TableColumn<Row, TotalKey>[] {
  const count = (key: TotalKey, header: string, of: (r: Row) => number) => ({
    key,
    header,
    numeric: true,
    value: of,
    render: (r: Row) => formatCount(of(r)),
  });
  const columns: TableColumn<Row, TotalKey>[] = [
    count('messages', 'Answers', (r) => r.messages),
    count('inputTokens', 'Input tokens', (r) => r.inputTokens),
    count('outputTokens', 'Output tokens', (r) => r.outputTokens),
    count('total', 'Total tokens', (r) => r.inputTokens + r.outputTokens),
  ];
  if (priced) {
    columns.push({
      key: 'cost',
      header: 'Estimated cost (USD)',
      numeric: true,
      value: (r) => r.cost,
      render: (r) => formatCost(r.cost),
    });
  }
  return columns;
}

const text = <Row, K extends string>(key: K, header: string, of: (r: Row) => string) => ({
  key,
  header,
  value: of,
});

export function userLabel(user: Pick<UsageUser, 'kind' | 'email'>): string {
  if (user.kind === 'guests') return 'Guests (all)';
  if (user.kind === 'deleted') return 'Deleted accounts';
  return user.email ?? 'Unknown account';
}

function userStatus(user: UsageUser): string {
  if (user.kind !== 'account') return '';
  const parts = [user.disabled ? 'Disabled' : 'Active'];
  if (user.dailyTokenBudget === 0) parts.push('no limit');
  else if (user.dailyTokenBudget !== null) parts.push(`${formatCount(user.dailyTokenBudget)}/day`);
  return parts.join(', ');
}

const byTotal = { key: 'total', direction: 'descending' } as const;

export function UsageTables({ usage }: { usage: Usage }) {
  const { from, to, priced } = usage;
  const name = (table: string) => csvFileName(table, from, to);
  const dayColumns: TableColumn<UsageDay, 'day' | 'provider' | 'model' | TotalKey>[] = [
    text('day', 'Day', (r: UsageDay) => r.day),
    text('provider', 'Provider', (r: UsageDay) => r.provider),
    text('model', 'Model', (r: UsageDay) => r.model),
    ...totalColumns<UsageDay>(priced),
  ];
  const modelColumns: TableColumn<UsageModel, 'provider' | 'model' | TotalKey>[] = [
    text('model', 'Model', (r: UsageModel) => r.model),
    text('provider', 'Provider', (r: UsageModel) => r.provider),
    ...totalColumns<UsageModel>(priced),
  ];
  const providerColumns: TableColumn<UsageProvider, 'provider' | TotalKey>[] = [
    text('provider', 'Provider', (r: UsageProvider) => r.provider),
    ...totalColumns<UsageProvider>(priced),
  ];
  const userColumns: TableColumn<UsageUser, 'user' | 'status' | TotalKey>[] = [
    text('user', 'User', userLabel),
    ...totalColumns<UsageUser>(priced),
    text('status', 'Status', userStatus),
  ];
  return (
    <div className="flex flex-col gap-6">
      <DataTable
        title="Top users"
        columns={userColumns}
        rows={usage.users}
        rowKey={(r) => `${r.kind}:${r.id ?? ''}`}
        initialSort={byTotal}
        csvName={name('users')}
      />
      <DataTable
        title="By day"
        columns={dayColumns}
        rows={usage.days}
        rowKey={(r) => `${r.day}\u0000${r.provider}\u0000${r.model}`}
        initialSort={{ key: 'day', direction: 'descending' }}
        csvName={name('by-day')}
      />
      <DataTable
        title="By model"
        columns={modelColumns}
        rows={usage.models}
        rowKey={(r) => `${r.provider}\u0000${r.model}`}
        initialSort={byTotal}
        csvName={name('by-model')}
      />
      <DataTable
        title="By provider"
        columns={providerColumns}
        rows={usage.providers}
        rowKey={(r) => r.provider}
        initialSort={byTotal}
        csvName={name('by-provider')}
      />
    </div>
  );
}
