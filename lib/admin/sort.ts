// Sorting the admin tables: a column's value is a number or text (null sorts last either way).

export type SortDirection = 'ascending' | 'descending';
export type SortValue = string | number | null;

export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

export function sortRows<Row, K extends string>(
  rows: readonly Row[],
  valueFor: (row: Row, key: K) => SortValue,
  sort: SortState<K>,
): Row[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueFor(row, sort.key) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) {
        return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      }
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value));
      return order === 0 ? a.index - b.index : order * sign;
    })
    .map((x) => x.row);
}

/** A header's click: the same column flips direction; another starts with `initial`. */
export function nextSort<K extends string>(
  current: SortState<K>,
  key: K,
  initial: SortDirection,
): SortState<K> {
  if (current.key !== key) return { key, direction: initial };
  return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}
