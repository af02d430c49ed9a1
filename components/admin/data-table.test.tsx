// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type TableColumn } from './data-table';

afterEach(cleanup);

type Row = { model: string; tokens: number };
const columns: TableColumn<Row, 'model' | 'tokens'>[] = [
  { key: 'model', header: 'Model', value: (r) => r.model },
  { key: 'tokens', header: 'Tokens', value: (r) => r.tokens, numeric: true },
];
const rows: Row[] = [
  { model: 'b-model', tokens: 5 },
  { model: '=evil,model', tokens: 50 },
  { model: 'a-model', tokens: 20 },
];

function renderTable() {
  render(
    <DataTable
      title="By model"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.model}
      initialSort={{ key: 'tokens', direction: 'descending' }}
      csvName="usage.csv"
    />,
  );
  const table = screen.getByRole('table', { name: 'By model' });
  const firstColumn = () =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
  return { table, firstColumn };
}

describe('DataTable', () => {
  it('sorts by the header buttons and says so with aria-sort', () => {
    const { table, firstColumn } = renderTable();
    const [modelHeader, tokensHeader] = within(table).getAllByRole('columnheader');
    expect(tokensHeader?.getAttribute('aria-sort')).toBe('descending');
    expect(modelHeader?.getAttribute('aria-sort')).toBe('none');
    expect(firstColumn()).toEqual(['=evil,model', 'a-model', 'b-model']);

    fireEvent.click(within(table).getByRole('button', { name: 'Model' }));
    expect(modelHeader?.getAttribute('aria-sort')).toBe('ascending');
    expect(tokensHeader?.getAttribute('aria-sort')).toBe('none');
    expect(firstColumn()).toEqual(['=evil,model', 'a-model', 'b-model'].sort());

    fireEvent.click(within(table).getByRole('button', { name: 'Model' }));
    expect(modelHeader?.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['b-model', 'a-model', '=evil,model']);
  });

  it('downloads the rows in the order shown as neutralised CSV', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV of by model' }));
    expect(clicked).toEqual(['usage.csv']);
    const text = await created[0]?.text();
    expect(text).toBe('\uFEFFModel,Tokens\r\n"\'=evil,model",50\r\na-model,20\r\nb-model,5\r\n');
    click.mockRestore();
    vi.unstubAllGlobals();
  });
});
