/** Statements: the CSV survives commas, quotes, line breaks and non-Latin headers, read back by a CSV parser. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../src/ui/statements/statement.ts';
import type { Column } from '../../../src/ui/statements/columns.ts';

interface Row {
  id: string;
  note: string;
}
const columns: Column<Row>[] = [
  { header: '注文番号', value: (r) => r.id },
  { header: 'Reason, "why"', value: (r) => r.note },
];

describe('statement CSV', () => {
  it('round-trips awkward values exactly, with a byte-order mark and CRLF rows', () => {
    const rows: Row[] = [
      { id: '1', note: 'plain' },
      { id: '2', note: 'a, b' },
      { id: '3', note: 'he said "no"' },
      { id: '4', note: 'two\nlines' },
      { id: '5', note: '-12.50' },
    ];
    const csv = toCsv(columns, rows);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('\r\n');
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([
      ['注文番号', 'Reason, "why"'],
      ...rows.map((r) => [r.id, r.note]),
    ]);
  });

  it('neutralises spreadsheet formulas but keeps negative amounts', () => {
    const csv = toCsv(columns, [
      { id: '1', note: '=HYPERLINK("http://x")' },
      { id: '2', note: '@cmd' },
      { id: '3', note: '-3.50' },
    ]);
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true });
    expect(parsed.data.slice(1).map((r) => r[1])).toEqual([
      '\'=HYPERLINK("http://x")',
      "'@cmd",
      '-3.50',
    ]);
  });
});
