/**
 * Conditional checks of the path specs (issue 26 item 5). A path's check
 * that asserts only under a condition (`if (ctx.failure === 1108) expect(…)`)
 * proves nothing unless the branch runs on some path. Such a branch starts
 * with `reached('label')` (tests/paths/framework.ts), which counts it; the
 * run (scripts/paths.mjs) fails listing every label never reached, and a
 * unit test (tests/unit/lint/path-conditions.test.ts) refuses a branch that
 * asserts without a label.
 *
 * This module reads a spec's source: the labels it declares and the
 * branches that assert without one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

/** Every path spec module: tests/flows/<flow>/paths.ts, as [name, file]. */
export function pathSpecFiles(root = '.') {
  return [
    ...readdirSync(`${root}/tests/flows`, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`${root}/tests/flows/${d.name}/paths.ts`))
      .map((d) => [d.name, `tests/flows/${d.name}/paths.ts`]),
  ];
}

const isCall = (n, name) =>
  ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name;

/** Does the subtree call `expect(…)` (or `expect.poll`, `expect.soft` …)? */
function asserts(node) {
  let found = false;
  const visit = (n) => {
    if (found) return;
    if (
      ts.isCallExpression(n) &&
      (isCall(n, 'expect') ||
        (ts.isPropertyAccessExpression(n.expression) &&
          ts.isIdentifier(n.expression.expression) &&
          n.expression.expression.text === 'expect'))
    )
      found = true;
    else ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The `reached('label')` a branch starts with, or undefined. */
function leadingLabel(branch) {
  const first = ts.isBlock(branch) ? branch.statements[0] : branch;
  if (!first || !ts.isExpressionStatement(first) || !isCall(first.expression, 'reached')) return;
  const arg = first.expression.arguments[0];
  return arg && ts.isStringLiteralLike(arg) ? arg.text : undefined;
}

/**
 * One spec's conditional checks: `labels`, each `reached('…')` with its line;
 * `bare`, each if-branch that asserts without starting with a literal label;
 * `dynamic`, each `reached` whose label is not a string literal.
 */
export function scanConditions(file, text = readFileSync(file, 'utf8')) {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const line = (n) => src.getLineAndCharacterOfPosition(n.getStart()).line + 1;
  const labels = [];
  const bare = [];
  const dynamic = [];
  const visit = (n) => {
    if (isCall(n, 'reached')) {
      const arg = n.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) labels.push({ label: arg.text, line: line(n) });
      else dynamic.push({ line: line(n) });
    }
    if (ts.isIfStatement(n)) {
      const cond = n.expression.getText().replace(/\s+/g, ' ');
      const branches = [[n.thenStatement, cond]];
      // An else-if is a branch of its own if statement.
      if (n.elseStatement && !ts.isIfStatement(n.elseStatement))
        branches.push([n.elseStatement, `not (${cond})`]);
      for (const [branch, when] of branches)
        if (asserts(branch) && leadingLabel(branch) === undefined)
          bare.push({ line: line(branch), when, branch });
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return { labels, bare, dynamic, source: src };
}
