/**
 * White-label site configuration: one JSON file per deployment
 * (`public/config/site.json`, served as `config/site.json`), read at start-up.
 * Feature flags come from here and from the system-config call.
 */
import type { Root } from '../api/wire.ts';
import type { WalletOnlySetting } from './wallet-only.ts';

export const LANGUAGES = [
  'en',
  'zh-tw',
  'zh-cn',
  'ja',
  'de',
  'fr',
  'it',
  'ko',
  'es',
  'vi',
  'th',
  'id',
  'ar',
] as const;
export type Language = (typeof LANGUAGES)[number];

export type TradeMode = 'market' | 'option';

export interface LiveBackend {
  /** Base URL per root. */
  roots: Record<Root, string>;
  /** Version prefix, default '/v1'. */
  prefix?: string;
  /** WebSocket URLs of the two channels. */
  ws: { market: string; exchange: string };
}

export interface SiteConfig {
  siteName: string;
  /** 'simulator' (built in, the default) or 'live'. */
  backend: 'simulator' | 'live';
  live?: LiveBackend;
  /**
   * Live mode: base URL of the simulator host's operator API (for
   * `npm run sim:server`, `http://127.0.0.1:8787/operator`). When set, the
   * back-office console opens in live mode and asks for the operator key once
   * per browser session. Leave it out for a real deployment.
   */
  operatorUrl?: string;
  /** Request timeout in ms; none when absent (0.7 s is added). */
  timeoutMs?: number;
  defaultLanguage: Language;
  /** Languages shown in pickers (zh-cn and id only where a site shows them). */
  languages: Language[];
  /** Home template: 'default', or 'grid' with the trade-type icon grid. */
  template: 'default' | 'grid';
  defaultTradeMode: TradeMode;
  /** Display time zone: an IANA name, or 'device'. */
  timezone: string;
  /** Trade-type tab order. */
  tradeOrder: number[];
  /** Banners shown on home: 1 by default, 3 or 10 on some sites (trading.md §9). */
  bannerCount: number;
  /** Default colours for up and down. */
  colors: { up: string; down: string };
  /** Deposit tabs offered: 'crypto', 'bank'. */
  depositTypes: Array<'crypto' | 'bank'>;
  /** Withdraw methods offered: 'crypto', 'bank_card'. */
  withdrawTypes: Array<'crypto' | 'bank_card'>;
  verification: 'full' | 'two-type';
  serviceEmail: string;
  /**
   * Reality check: minutes of a signed-in session between reminders of the
   * time spent, trades placed and P&L (Continue or Log out). Off when absent or 0.
   */
  realityCheckMinutes?: number;
  /**
   * Responsible trading (api/types/responsible.ts), an extension a server
   * must offer: limits, a reality-check interval of the trader's own, and
   * self-exclusion in the user centre. Off when absent or false: nothing of it
   * shows and none of its calls is made. `coolingOffHours` (default 24) is the
   * built-in simulator's cooling-off before a raised or removed limit applies;
   * a live server keeps its own and says it in each reply.
   */
  responsibleTrading?: boolean | { coolingOffHours?: number };
  /**
   * A site for one wallet application only (trading.md §1): other devices,
   * unless the mobile app, are sent to its page. Absent: no redirect.
   */
  walletOnly?: WalletOnlySetting;
  /** Feature flags; the system-config call can turn them on or off. */
  flags: Record<string, boolean>;
}

/**
 * Flags the spec switches on when a site says nothing (user-centre.md §2:
 * user/privacy "on by default"). Every other flag is off until turned on.
 */
export const FLAG_DEFAULTS: Readonly<Record<string, boolean>> = { 'user/privacy': true };

/** Whether a flag is on: its value, else its spec default ({@link FLAG_DEFAULTS}), else off. */
export const flagOn = (flags: Readonly<Record<string, boolean>>, name: string): boolean =>
  flags[name] ?? FLAG_DEFAULTS[name] ?? false;

/**
 * Crypto withdraw is on (user-centre.md §2: /user/wallet/crypto is "hidden
 * when crypto withdraw is disabled"): the site offers crypto among its
 * withdraw methods and NO_WALLET_WITHDRAW is off (§6: it hides the crypto
 * wallet). Saved addresses serve nothing else, so both hide them.
 */
export const cryptoWithdrawOn = (
  flags: Readonly<Record<string, boolean>>,
  withdrawTypes: readonly string[],
): boolean => withdrawTypes.includes('crypto') && !flagOn(flags, 'NO_WALLET_WITHDRAW');

/**
 * The site offers responsible trading (issue 28 item 2, api/types/responsible.ts):
 * its capability is present and not false. Off: nothing of it shows, none of its calls is made.
 */
export const responsibleOn = (
  config: Pick<SiteConfig, 'responsibleTrading'> | undefined,
): boolean => config?.responsibleTrading !== undefined && config.responsibleTrading !== false;

export const DEFAULT_SITE: SiteConfig = {
  siteName: 'Trader',
  backend: 'simulator',
  defaultLanguage: 'en',
  languages: ['en', 'zh-tw', 'ja', 'de', 'fr', 'it', 'ko', 'es', 'vi', 'th', 'ar'],
  template: 'default',
  defaultTradeMode: 'market',
  timezone: 'America/New_York',
  tradeOrder: [3, 2, 1, 4, 5],
  bannerCount: 1,
  colors: { up: '#16a34a', down: '#dc2626' },
  depositTypes: ['crypto', 'bank'],
  withdrawTypes: ['crypto', 'bank_card'],
  verification: 'full',
  serviceEmail: 'support@example.com',
  flags: { ...FLAG_DEFAULTS },
};

/** Merge a loaded file over the defaults; unknown keys are ignored. */
export function parseSiteConfig(raw: unknown): SiteConfig {
  if (typeof raw !== 'object' || raw === null) throw new Error('site config is not an object');
  const r = raw as Partial<SiteConfig>;
  const cfg: SiteConfig = { ...DEFAULT_SITE, ...r, flags: { ...DEFAULT_SITE.flags, ...r.flags } };
  if (cfg.backend === 'live' && !cfg.live)
    throw new Error('site config: backend "live" needs "live" roots');
  return cfg;
}
