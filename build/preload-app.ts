/**
 * The entry (src/main.tsx) loads the app's root chunk with a dynamic import,
 * so the early start-up work runs first; Vite only preloads a dynamic
 * chunk's files when the import runs. This adds them to index.html as
 * preloads, so they download while the HTML parses, as a static import's
 * would: `modulepreload` for the scripts, `preload` for the stylesheet (not
 * a stylesheet link, which would hold the first paint of the boot shell).
 */
import type { OutputBundle, OutputChunk } from 'rollup';
import type { HtmlTagDescriptor, Plugin } from 'vite';

export function preloadApp(rootModule: string): Plugin {
  let base = '/';
  return {
    name: 'preload-app',
    apply: 'build',
    configResolved(c) {
      base = c.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const root = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(rootModule)));
        if (!root) throw new Error(`preload-app: no chunk for ${rootModule}`);
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (c: OutputChunk) => {
          if (scripts.has(c.fileName)) return;
          scripts.add(c.fileName);
          const meta = (c as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata;
          meta?.importedCss.forEach((f) => styles.add(f));
          for (const f of c.imports) {
            const dep = bundle[f];
            if (dep?.type === 'chunk') visit(dep);
          }
        };
        visit(root);
        const tags: HtmlTagDescriptor[] = [
          ...[...scripts]
            .filter((f) => !html.includes(f))
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}` },
              injectTo: 'head' as const,
            })),
          ...[...styles].map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${f}` },
            injectTo: 'head' as const,
          })),
        ];
        return { html, tags };
      },
    },
  };
}
