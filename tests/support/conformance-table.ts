/**
 * Reading docs/conformance.md's rule tables: one row per rule with its id,
 * status and the tests it cites (`path::title`). The conformance test and the
 * mutation audit (scripts/mutation-audit.ts) read the table the same way.
 */

export interface Row {
  id: string;
  status: string;
  refs: string[];
  line: number;
}

/** Split a Markdown table row on its unescaped bars. */
export function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/**
 * The table's rules: the rows of every table headed `id | § | rule | status | test | note`
 * (other tables, such as the readings and the second-wave list, only refer to rules).
 */
export function readRows(markdown: string): Row[] {
  const rows: Row[] = [];
  let ruleTable = false;
  markdown.split('\n').forEach((line, i) => {
    if (!line.startsWith('|')) return void (ruleTable = false);
    const [id = '', , , status = '', tests = ''] = cells(line);
    if (id === 'id') ruleTable = status === 'status';
    if (!ruleTable || !/^[TU]-\d/.test(id)) return;
    const refs = [...tests.matchAll(/`([^`]+::[^`]+)`/g)].map((m) => m[1] as string);
    rows.push({ id, status, refs, line: i + 1 });
  });
  return rows;
}
