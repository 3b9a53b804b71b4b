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

/**
 * `routes`: route names (machines/routes.ts) → the module of their lazy
 * screen (or several modules it waits for). Their chunks, beyond the root's, are listed in index.html
 * (`#route-chunks`, JSON), and a page that opens on one of those routes
 * preloads them as it parses (ui/boot/route-preload.ts), instead of after
 * React has rendered the route (issue 31: the chart's Buy waited for that
 * second wave of requests).
 */
export function preloadApp(
  rootModule: string,
  routes: Record<string, string | string[]> = {},
  /** Lazy modules every start loads (the fallback locale): preloaded with the root. */
  always: string[] = [],
): Plugin {
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
        const closure = (
          from: OutputChunk,
          scripts = new Set<string>(),
          styles = new Set<string>(),
        ) => {
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
          visit(from);
          return { scripts, styles };
        };
        const { scripts, styles } = closure(root);
        for (const module of always) {
          const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
          if (!chunk) throw new Error(`preload-app: no chunk for ${module}`);
          closure(chunk, scripts, styles);
        }
        const routeChunks: Record<string, { js: string[]; css: string[] }> = {};
        for (const [name, modules] of Object.entries(routes)) {
          const own = { scripts: new Set<string>(), styles: new Set<string>() };
          for (const module of [modules].flat()) {
            const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
            if (!chunk) throw new Error(`preload-app: no chunk for ${module}`);
            closure(chunk, own.scripts, own.styles);
          }
          routeChunks[name] = {
            js: [...own.scripts].filter((f) => !scripts.has(f) && !html.includes(f)),
            css: [...own.styles].filter((f) => !styles.has(f)),
          };
        }
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
        if (Object.keys(routes).length)
          tags.push({
            tag: 'script',
            attrs: { type: 'application/json', id: 'route-chunks' },
            // File names only (no markup can occur in them).
            children: JSON.stringify(routeChunks),
            injectTo: 'head',
          });
        return { html, tags };
      },
    },
  };
}
