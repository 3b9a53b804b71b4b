/**
 * Inlined in index.html's head (build/inline-boot.ts): the site config asked
 * for as the HTML parses, a round trip before the entry's script could
 * (issue 31); the entry takes it (early.ts), once.
 */
import { fetchSiteConfig } from './site-config-fetch.ts';

try {
  const w = window as { __siteConfig?: Promise<Response> };
  w.__siteConfig = fetchSiteConfig();
  w.__siteConfig.catch(() => {});
} catch {
  // No fetch: the entry asks.
}
