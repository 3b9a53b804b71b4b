/**
 * A kept site override (./site-override.ts): merged over the file at a start
 * that has one, and kept or dropped by the console's Site pane. A lazy chunk.
 */
import { overSiteFile } from '../config/site-override.ts';
import { parseSiteConfig, type SiteConfig } from '../config/site.ts';
import { SITE_OVERRIDE_KEY, siteOverride } from './site-override.ts';

/** The file with the kept override (JSON) over it; the file alone when the override is refused. */
export function applyKept(raw: unknown, kept: string): SiteConfig {
  try {
    const over = JSON.parse(kept) as object;
    const cfg = overSiteFile(raw, over);
    siteOverride.keys = Object.keys(over);
    return cfg;
  } catch (e) {
    // A live file, or a file changed under a kept override: the file stands, and the override goes.
    console.warn('site override not applied:', e);
    writeSiteOverride(undefined);
    return parseSiteConfig(raw);
  }
}

/** Keep (or, with undefined, drop) this tab's override for the next start; false when storage refused it. */
export function writeSiteOverride(over: object | undefined): boolean {
  try {
    if (over) sessionStorage.setItem(SITE_OVERRIDE_KEY, JSON.stringify(over));
    else sessionStorage.removeItem(SITE_OVERRIDE_KEY);
    return true;
  } catch {
    return false;
  }
}
