// CSV for the admin page's tables (RFC 4180): a header row, then one row per record, CRLF line
// ends. E-mail addresses and model names come from users and providers, so every text cell is
// hostile: quotes, commas and line breaks are quoted, and a cell a spreadsheet would run as a
// formula (starting with = + - @, or a tab or carriage return) is prefixed with an apostrophe.

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value(row: Row): CsvCell;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text. Numbers are written as they are; text is neutralised, then quoted. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for a table's download, e.g. `parley-usage-by-model-2026-11-01-2026-11-30.csv`. */
export function csvFileName(table: string, from: string, to: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9-]+/g, '-');
  return `parley-usage-${safe(table)}-${safe(from)}-${safe(to)}.csv`;
}
