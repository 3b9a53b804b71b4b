/**
 * Inlined at the end of index.html's body (build/inline-boot.ts): a page
 * that opens on a route whose screen is a lazy chunk preloads that chunk's
 * files as it parses, beside the app's own, instead of after React has
 * rendered the route (issue 31: the chart's Buy waited for that wave). The
 * files come from the build (build/preload-app.ts `#route-chunks`).
 */
import { routePath } from '../../machines/route-path.ts';
import { findRoute } from '../../machines/routes.ts';

function preloadRoute(doc: Document, base: string): void {
  const data = doc.getElementById('route-chunks')?.textContent;
  if (!data) return;
  const chunks = JSON.parse(data) as Record<string, { js?: string[]; css?: string[] }>;
  const name = findRoute(routePath(doc.location.pathname, base))?.route.name;
  const own = name ? chunks[name] : undefined;
  if (!own) return;
  const link = (href: string, rel: string, as?: string) => {
    const l = doc.createElement('link');
    l.rel = rel;
    if (as) l.as = as;
    l.crossOrigin = '';
    l.href = `${base}${href}`;
    doc.head.appendChild(l);
  };
  for (const f of own.js ?? []) link(f, 'modulepreload');
  for (const f of own.css ?? []) link(f, 'preload', 'style');
}

try {
  preloadRoute(document, import.meta.env.BASE_URL);
} catch {
  // A page without the list (the dev server) loads the route's chunks as it renders.
}
