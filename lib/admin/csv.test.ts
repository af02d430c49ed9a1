import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

/** A small RFC 4180 reader, so the tests check what a spreadsheet would see, not our own string. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell, 'the file ends with a line break').toBe('');
  return rows;
}

describe('csvCell', () => {
  it('writes plain text and numbers as they are', () => {
    expect(csvCell('gpt-4o')).toBe('gpt-4o');
    expect(csvCell(1234)).toBe('1234');
    expect(csvCell(0.0125)).toBe('0.0125');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
  ])('neutralises a formula: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('neutralises and quotes a formula that also has a comma and quotes', () => {
    const evil = '=HYPERLINK("http://evil.example","click"),x@example.com';
    expect(csvCell(evil)).toBe(`"'=HYPERLINK(""http://evil.example"",""click""),x@example.com"`);
  });

  it('leaves a formula character that is not first alone', () => {
    expect(csvCell('a=b@c-d+e')).toBe('a=b@c-d+e');
  });

  it('does not touch negative numbers given as numbers', () => {
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('toCsv', () => {
  type Row = { email: string | null; model: string; tokens: number; cost: number | null };
  const columns = [
    { header: 'E-mail', value: (r: Row) => r.email },
    { header: 'Model', value: (r: Row) => r.model },
    { header: 'Tokens', value: (r: Row) => r.tokens },
    { header: 'Cost (USD)', value: (r: Row) => r.cost },
  ];

  it('round-trips hostile e-mails and model names through a CSV reader', () => {
    const rows: Row[] = [
      { email: 'ana@example.com', model: 'gpt-4o', tokens: 10, cost: 0.5 },
      { email: '=cmd|"/c calc"!A1@evil.example', model: 'llama,3\n70b', tokens: 2, cost: null },
      { email: '@home@example.com', model: '-x "quoted"', tokens: 0, cost: 0 },
      { email: null, model: '+1', tokens: 7, cost: 1.25 },
    ];
    const text = toCsv(columns, rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['E-mail', 'Model', 'Tokens', 'Cost (USD)'],
      ['ana@example.com', 'gpt-4o', '10', '0.5'],
      [`'=cmd|"/c calc"!A1@evil.example`, 'llama,3\n70b', '2', ''],
      ["'@home@example.com", `'-x "quoted"`, '0', '0'],
      ['', "'+1", '7', '1.25'],
    ]);
    // No parsed cell starts with a formula character.
    for (const cell of parseCsv(text).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(columns, [])).toBe('E-mail,Model,Tokens,Cost (USD)\r\n');
  });
});

describe('csvFileName', () => {
  it('keeps only safe characters', () => {
    expect(csvFileName('by model', '2026-11-01', '2026-11-30')).toBe(
      'parley-usage-by-model-2026-11-01-2026-11-30.csv',
    );
    expect(csvFileName('../x', '2026/1', 'a b')).toBe('parley-usage--x-2026-1-a-b.csv');
  });
});
