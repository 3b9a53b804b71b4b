/**
 * A reviewer's override of the site file, in simulator mode only (console
 * Site pane): QA plans and product reviews need white-label variants the
 * shipped file does not have, and a tester cannot edit a deployment's file.
 * The override is merged over the file at config load and checked by the
 * file's own validator (site.ts `parseSiteConfig`).
 */
import { parseSiteConfig, type SiteConfig } from './site.ts';

/**
 * The keys an override may set: those that change what shows. Not the back
 * end and its addresses (an override never leaves the simulator), not
 * `walletOnly` (it would send the tab away from the app and its console), not
 * `flags` (the server's system config decides them: console Flags tab), not
 * `app` (the manifest is built from the file), not `timeoutMs` (no screen shows it).
 */
export const SITE_OVERRIDE_KEYS = [
  'siteName',
  'defaultLanguage',
  'languages',
  'template',
  'defaultTradeMode',
  'timezone',
  'tradeOrder',
  'bannerCount',
  'colors',
  'depositTypes',
  'withdrawTypes',
  'verification',
  'serviceEmail',
  'realityCheckMinutes',
  'responsibleTrading',
] as const satisfies ReadonlyArray<keyof SiteConfig>;

export type SiteOverrideKey = (typeof SITE_OVERRIDE_KEYS)[number];
export type SiteOverride = Partial<Pick<SiteConfig, SiteOverrideKey>>;

/**
 * The site file `raw` with `over` merged over it, through the file's validator.
 * Throws its message; also when the file is not the simulator's or `over`
 * sets a key outside {@link SITE_OVERRIDE_KEYS}.
 */
export function overSiteFile(raw: unknown, over: unknown): SiteConfig {
  if (parseSiteConfig(raw).backend !== 'simulator')
    throw new Error('site override: simulator mode only');
  if (typeof over !== 'object' || over === null || Array.isArray(over))
    throw new Error('site override is not an object');
  const other = Object.keys(over).filter(
    (k) => !(SITE_OVERRIDE_KEYS as readonly string[]).includes(k),
  );
  if (other.length > 0) throw new Error(`site override: ${other.join(', ')} cannot be overridden`);
  return parseSiteConfig({ ...(raw as object), ...over });
}
