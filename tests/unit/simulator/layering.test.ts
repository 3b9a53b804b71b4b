/**
 * The simulator's types are composed, not merged (issue 26): each module
 * exports its own state section and back-office operations, state.ts and
 * back-office.ts import them, and no file augments another with
 * `declare module`. An augmentation makes the augmented file's type depend
 * on the augmenting file, an edge no import statement shows, so it is
 * counted here as one (from the augmented file to the augmenter); with it,
 * no import cycle may remain under src/simulator (type-only imports
 * included). Before the change this found a 64-file loop through state.ts,
 * module.ts and back-office.ts, and store.ts <-> persist/idb-store.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../src/simulator', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const AUGMENT = /^\s*declare\s+module\s+['"]([^'"]+)['"]/gm;

const local = (file: string, names: string[], known: Set<string>): string[] =>
  names
    .filter((n) => n.startsWith('.'))
    .map((n) => resolve(dirname(file), n))
    .filter((p) => known.has(p));

/**
 * File → the files its types depend on: its relative imports and re-exports
 * (type-only too), and for a file augmented by `declare module`, the augmenter.
 */
function dependencies(texts: Map<string, string>): Map<string, string[]> {
  const known = new Set(texts.keys());
  const graph = new Map<string, string[]>();
  for (const [f, text] of texts) {
    const info = ts.preProcessFile(text, true, true);
    graph.set(f, [
      ...(graph.get(f) ?? []),
      ...local(
        f,
        info.importedFiles.map((i) => i.fileName),
        known,
      ),
    ]);
    const augmented = [...text.matchAll(AUGMENT)].map((m) => m[1] as string);
    for (const target of local(f, augmented, known))
      graph.set(target, [...(graph.get(target) ?? []), f]);
  }
  return graph;
}

/** The import cycles: strongly connected components with more than one file (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) as number, idx.get(w) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const files = sources(ROOT);
const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));

describe('simulator layering', () => {
  it('has no declare module augmentation', () => {
    const found = files.filter((f) => /^\s*declare\s+module\b/m.test(texts.get(f) as string));
    expect(found.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('has no import cycle (type imports and augmentations count)', () => {
    const graph = dependencies(texts);
    expect(graph.size).toBeGreaterThan(100);
    // The graph is real: the composition imports the modules' sections.
    expect(graph.get(join(ROOT, 'state.ts'))).toContain(join(ROOT, 'modules/trading/state.ts'));
    const found = cycles(graph).map((c) => c.map((f) => relative(ROOT, f)).sort());
    expect(found).toEqual([]);
  });
});
