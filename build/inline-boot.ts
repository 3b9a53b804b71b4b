/**
 * Scripts index.html runs as it parses, before any module (issue 31), built
 * from TypeScript in src/ so they share the app's code and names (the site
 * config's path from api/static-files.ts, the stored keys and the number
 * formatting of the boot shell's painter), and inlined where a comment
 * `<!-- inline-boot:NAME -->` stands: each entry bundled alone as a classic
 * script (an IIFE, minified, no import left). A missing placeholder fails
 * the build, so a script is never silently dropped.
 */
import path from 'node:path';
import { build, type Plugin } from 'vite';

async function bundle(root: string, base: string, entry: string): Promise<string> {
  const out = await build({
    configFile: false,
    root,
    base,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      emptyOutDir: false,
      lib: { entry: path.resolve(root, entry), formats: ['iife'], name: 'inlineBoot' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Array<{
    output?: Array<{ type: string; code?: string }>;
  }>;
  const chunk = outputs.flatMap((o) => o.output ?? []).find((c) => c.type === 'chunk');
  if (!chunk?.code) throw new Error(`inline-boot: no code for ${entry}`);
  // Inside <script>: a "</script" in a string would end the element early.
  return chunk.code.trim().replace(/<\/script/gi, '<\\/script');
}

/** `scripts`: placeholder name → entry module (relative to the project root). */
export function inlineBoot(scripts: Record<string, string>): Plugin {
  let root = process.cwd();
  let base = '/';
  let built: Promise<Record<string, string>> | undefined;
  return {
    name: 'inline-boot',
    configResolved(c) {
      root = c.root;
      base = c.base;
    },
    // The dev server edits them live: built again on a change of any of them.
    handleHotUpdate() {
      built = undefined;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        built ??= Promise.all(
          Object.entries(scripts).map(
            async ([name, entry]) => [name, await bundle(root, base, entry)] as const,
          ),
        ).then(Object.fromEntries);
        const code = await built;
        let out = html;
        for (const [name, js] of Object.entries(code)) {
          const mark = `<!-- inline-boot:${name} -->`;
          if (!out.includes(mark)) throw new Error(`inline-boot: index.html has no ${mark}`);
          out = out.replace(mark, () => `<script>${js}</script>`);
        }
        return out;
      },
    },
  };
}
