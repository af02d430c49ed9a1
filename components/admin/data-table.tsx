'use client';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { buttonClass } from '@/components/ui/styles';
import { type CsvCell, toCsv } from '@/lib/admin/csv';
import {
  nextSort,
  type SortDirection,
  type SortState,
  type SortValue,
  sortRows,
} from '@/lib/admin/sort';

export interface TableColumn<Row, K extends string> {
  key: K;
  header: string;
  /** What the column sorts by (and writes to CSV unless `csv` says otherwise). */
  value(row: Row): SortValue;
  render?(row: Row): ReactNode;
  csv?(row: Row): CsvCell;
  /** Right-aligned, and sorted largest first on the first click. */
  numeric?: boolean;
}

interface Props<Row, K extends string> {
  title: string;
  columns: readonly TableColumn<Row, K>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  initialSort: SortState<K>;
  /** The download's file name. */
  csvName: string;
}

function download(name: string, text: string) {
  // A byte-order mark so spreadsheet programs read the file as UTF-8.
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const cellClass = 'px-3 py-1.5 whitespace-nowrap';
const headerButtonClass =
  'inline-flex items-center gap-1 rounded font-semibold hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500';

/**
 * A table that sorts by any column (a button in each header; aria-sort says which) and downloads
 * as CSV in the order shown. It scrolls sideways inside its own box, never the page.
 */
export function DataTable<Row, K extends string>(props: Props<Row, K>) {
  const { title, columns, rows, rowKey, initialSort, csvName } = props;
  const [sort, setSort] = useState(initialSort);
  const titleId = useId();
  const sorted = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    return sortRows(rows, (row, key: K) => byKey.get(key)?.value(row) ?? null, sort);
  }, [rows, columns, sort]);
  const csv = () =>
    toCsv(
      columns.map((c) => ({ header: c.header, value: (row: Row) => (c.csv ?? c.value)(row) })),
      sorted,
    );

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold">
          {title}
        </h3>
        <button
          type="button"
          className={buttonClass}
          disabled={rows.length === 0}
          onClick={() => download(csvName, csv())}
        >
          Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
        </button>
      </div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways; keyboard users scroll it once focused
        tabIndex={0}
        aria-labelledby={titleId}
        className="overflow-x-auto rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-blue-500 dark:border-zinc-800"
      >
        <table className="w-full text-sm" aria-labelledby={titleId}>
          <thead className="bg-zinc-50 text-left dark:bg-zinc-900">
            <tr>
              {columns.map((c) => {
                const active = sort.key === c.key;
                const direction: SortDirection | undefined = active ? sort.direction : undefined;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={direction ?? 'none'}
                    className={`${cellClass} ${c.numeric ? 'text-right' : ''}`}
                  >
                    <button
                      type="button"
                      className={headerButtonClass}
                      onClick={() =>
                        setSort((s) => nextSort(s, c.key, c.numeric ? 'descending' : 'ascending'))
                      }
                    >
                      {c.header}
                      <span aria-hidden="true" className="w-3 text-xs">
                        {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {sorted.map((row) => (
              <tr key={rowKey(row)} className="border-t border-zinc-200 dark:border-zinc-800">
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={`${cellClass} ${c.numeric ? 'text-right tabular-nums' : ''}`}
                  >
                    {c.render ? c.render(row) : c.value(row)}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className={`${cellClass} text-zinc-600 dark:text-zinc-400`}
                >
                  Nothing in this period.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </section>
    </div>
  );
}
