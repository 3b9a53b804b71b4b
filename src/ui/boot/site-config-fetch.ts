/**
 * The site config's request, spelled once: by index.html's inline head
 * script as the HTML parses (build/inline-boot.ts inlines config-head.ts),
 * by the entry when that script is missing, and on a later start.
 */
import { staticFiles } from '../../api/static-files.ts';

export const fetchSiteConfig = (): Promise<Response> =>
  fetch(`${import.meta.env.BASE_URL}${staticFiles.siteConfig}`, { cache: 'no-store' });
