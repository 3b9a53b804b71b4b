/**
 * Playwright's Node loader takes no JSON module without an import attribute
 * (`TypeError: Module ".../en.json" needs an import attribute of type "json"`):
 * a JSON import anywhere the browser suite reaches fails every e2e test at
 * load, while vitest, which takes JSON, passes. This walks the imports from
 * every e2e spec and the Playwright config and fails on a JSON module among
 * them (read a locale with tests/support/i18n.ts instead).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Relative module specifiers a source loads at run time (type-only imports are erased). */
export function runtimeImports(source: string): string[] {
  const out: string[] = [];
  const re =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m[4]) out.push(m[4]);
    else if (m[3] && !m[2]) out.push(m[3]);
  }
  return out;
}

const specs = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? specs(p) : /\.(ts|tsx|mjs)$/.test(d.name) ? [p] : [];
  });

/** Every JSON module reachable from `roots`, with the file that imports it. */
function jsonReachable(roots: string[]): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const stack = [...roots];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const spec of runtimeImports(readFileSync(file, 'utf8'))) {
      const target = path.normalize(path.join(path.dirname(file), spec));
      if (target.endsWith('.json')) found.push(`${file} imports ${spec}`);
      else if (/\.(ts|tsx|js|mjs)$/.test(target)) stack.push(target);
    }
  }
  return found;
}

describe('modules the browser suite loads', () => {
  it('include no JSON module', () => {
    expect(jsonReachable([...specs('tests/e2e'), 'playwright.config.ts'])).toEqual([]);
  });

  it('reads run-time imports, not type-only ones', () => {
    const src = `import a from './a.json';\nimport type { B } from './b.ts';\nimport {\n  c,\n} from '../c.ts';\nexport { d } from './d.ts';\nconst e = await import('./e.ts');\nimport 'x';`;
    expect(runtimeImports(src)).toEqual(['./a.json', '../c.ts', './d.ts', './e.ts']);
  });
});
