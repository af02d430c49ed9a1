import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from './sort';

type Row = { name: string; tokens: number | null };
const rows: Row[] = [
  { name: 'b', tokens: 5 },
  { name: 'a', tokens: null },
  { name: 'c', tokens: 20 },
  { name: 'A2', tokens: 5 },
];
const valueFor = (row: Row, key: 'name' | 'tokens') => row[key];

describe('sortRows', () => {
  it('sorts numbers both ways, nulls last, ties in their first order', () => {
    const asc = sortRows(rows, valueFor, { key: 'tokens', direction: 'ascending' });
    expect(asc.map((r) => r.name)).toEqual(['b', 'A2', 'c', 'a']);
    const desc = sortRows(rows, valueFor, { key: 'tokens', direction: 'descending' });
    expect(desc.map((r) => r.name)).toEqual(['c', 'b', 'A2', 'a']);
  });

  it('sorts text by locale', () => {
    const asc = sortRows(rows, valueFor, { key: 'name', direction: 'ascending' });
    expect(asc.map((r) => r.name)).toEqual(['a', 'A2', 'b', 'c']);
  });

  it('does not change the rows it was given', () => {
    const copy = [...rows];
    sortRows(rows, valueFor, { key: 'name', direction: 'descending' });
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts another in its first direction', () => {
    expect(nextSort({ key: 'a', direction: 'descending' }, 'a', 'descending')).toEqual({
      key: 'a',
      direction: 'ascending',
    });
    expect(nextSort<'a' | 'b'>({ key: 'a', direction: 'ascending' }, 'b', 'descending')).toEqual({
      key: 'b',
      direction: 'descending',
    });
  });
});
