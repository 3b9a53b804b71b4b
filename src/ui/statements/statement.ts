/**
 * Statements as CSV (issue 16): every page of a list with the filters shown
 * on screen, written by Papa Parse (RFC 4180 quoting: commas, quotes and line
 * breaks inside a value survive; a value that a spreadsheet would run as a
 * formula is prefixed with '), with a UTF-8 byte-order mark so spreadsheet
 * programs read non-Latin headers right.
 */
import Papa from 'papaparse';
import type { ApiClient } from '../../api/client.ts';
import { fetchListPage } from '../../machines/shared/infiniteList/actors.ts';
import {
  listCall,
  pagePayload,
  readPage,
  type ListCall,
} from '../../machines/shared/infiniteList/machine.ts';
import type { Column } from './columns.ts';

/** At most this many rows go into one file (pages of {@link PAGE_SIZE}). */
export const MAX_ROWS = 5000;
const PAGE_SIZE = 100;

/** Every row of a list, page after page, with the screen's payload; stops at {@link MAX_ROWS}. */
export async function fetchAll(
  api: ApiClient,
  input: { call: ListCall; payload?: Record<string, unknown>; demo?: boolean },
): Promise<unknown[]> {
  const call = listCall(input.call, input.demo);
  const c = { call, payload: input.payload ?? {}, limit: PAGE_SIZE };
  const rows: unknown[] = [];
  for (let page = 1; rows.length < MAX_ROWS; page++) {
    const r = await fetchListPage(api, call, pagePayload(c, page), { noAlert: true });
    if (r.code !== 0) throw new Error(r.message || `code ${r.code}`);
    const { items, pages } = readPage(r.data);
    rows.push(...items);
    if (items.length === 0 || page >= pages) break;
  }
  return rows.slice(0, MAX_ROWS);
}

/** The CSV text of some rows (with the byte-order mark). */
export function toCsv<R>(columns: Column<R>[], rows: R[]): string {
  return (
    '\uFEFF' +
    Papa.unparse(
      {
        fields: columns.map((c) => c.header),
        data: rows.map((r) => columns.map((c) => c.value(r))),
      },
      // Spreadsheet formulas in a value (a reason text, say) are neutralised; negative amounts are not formulas.
      { newline: '\r\n', quotes: false, escapeFormulae: /^[=+@\t\r]|^-(?![\d.])/ },
    )
  );
}

/** Hand a CSV to the browser as a download. */
export function download(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
