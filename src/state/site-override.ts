/**
 * This tab's override of the site file (config/site-override.ts), kept in
 * sessionStorage so it lives as long as the tab and no other tab sees it; and
 * what this start applied, for the console's Site pane and the marker that
 * says so on every screen. Only a start with a kept override loads the merge
 * (./site-override-kept.ts): the first route carries these few lines.
 */
import { parseSiteConfig, type SiteConfig } from '../config/site.ts';

export const SITE_OVERRIDE_KEY = 'trader.siteOverride';

/** The site file as this start read it, and the keys an override changed (none: the file alone). */
export const siteOverride: { file: unknown; keys: string[] } = { file: undefined, keys: [] };

/** The config to start with: the file, and over it this tab's override when one applies. */
export async function withSiteOverride(raw: unknown): Promise<SiteConfig> {
  siteOverride.file = raw;
  let kept: string | null | undefined;
  try {
    kept = globalThis.sessionStorage?.getItem(SITE_OVERRIDE_KEY);
  } catch {
    // Storage blocked: nothing kept.
  }
  return kept
    ? (await import('./site-override-kept.ts')).applyKept(raw, kept)
    : parseSiteConfig(raw);
}
