/**
 * White-label site configuration: one JSON file per deployment
 * (`public/config/site.json`, served as `config/site.json`), read at start-up.
 * Feature flags come from here and from the system-config call.
 */
import type { Root } from '../api/wire.ts';
import { MAX_COOLING_OFF_HOURS, RT_MAX_MINUTES } from '../api/types/responsible.ts';
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

/** The choices of the site file's enumerated keys: its types, its validator and the console's Site pane. */
export const TRADE_MODES = ['market', 'option'] as const;
export type TradeMode = (typeof TRADE_MODES)[number];
export const TEMPLATES = ['default', 'grid'] as const;
export const VERIFICATIONS = ['full', 'two-type'] as const;
export const DEPOSIT_TYPES = ['crypto', 'bank'] as const;
export const WITHDRAW_TYPES = ['crypto', 'bank_card'] as const;
/** Trade types, as the tabs number them (trading.md §1). */
export const TRADE_TYPES = [1, 2, 3, 4, 5] as const;

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
  template: (typeof TEMPLATES)[number];
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
  depositTypes: Array<(typeof DEPOSIT_TYPES)[number]>;
  /** Withdraw methods offered: 'crypto', 'bank_card'. */
  withdrawTypes: Array<(typeof WITHDRAW_TYPES)[number]>;
  verification: (typeof VERIFICATIONS)[number];
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

/** A value's test and, for the message, what the key takes. */
type Rule = [ok: (v: unknown) => boolean, takes: string];

const listing = (xs: readonly unknown[]) => xs.map((x) => JSON.stringify(x)).join(', ');
const oneOf = (...xs: readonly unknown[]): Rule => [(v) => xs.includes(v), `one of ${listing(xs)}`];
const within = (v: unknown, min: number, max: number) =>
  typeof v === 'number' && v >= min && v <= max;
const whole = (min: number, max: number): Rule => [
  (v) => Number.isInteger(v) && within(v, min, max),
  `a whole number from ${min} to ${max}`,
];
/** Minutes or hours: a test's reminder every 3 s is 0.05 minutes. */
const number = (min: number, max: number): Rule => [
  (v) => within(v, min, max),
  `a number from ${min} to ${max}`,
];
/** A list in the order shown, at least one, each once. */
const listOf = (xs: readonly unknown[]): Rule => [
  (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    new Set(v).size === v.length &&
    v.every((x) => xs.includes(x)),
  `a list of ${listing(xs)}, at least one, each once`,
];
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const HEX = /^#(?:[\da-f]{3}){1,2}$/i;
/** A zone Intl knows; not api/zoned-time.ts's, whose whole module the first route would then carry. */
const isZone = (v: unknown): boolean => {
  try {
    return typeof v === 'string' && !!new Intl.DateTimeFormat('en', { timeZone: v });
  } catch {
    return false;
  }
};

/**
 * What each key of the site file takes. One validator for the file and for a
 * reviewer's override of it (console Site pane, config/site-override.ts).
 */
const RULES: { readonly [K in keyof SiteConfig]?: Rule } = {
  siteName: [(v) => typeof v === 'string' && v.trim() !== '', 'a name'],
  backend: oneOf('simulator', 'live'),
  timeoutMs: number(1, 600_000),
  defaultLanguage: oneOf(...LANGUAGES),
  languages: listOf(LANGUAGES),
  template: oneOf(...TEMPLATES),
  defaultTradeMode: oneOf(...TRADE_MODES),
  timezone: [
    (v) => v === 'device' || isZone(v),
    'an IANA time zone (America/New_York) or "device"',
  ],
  tradeOrder: listOf(TRADE_TYPES),
  bannerCount: whole(1, 10),
  colors: [
    (v) => isObject(v) && HEX.test(String(v.up)) && HEX.test(String(v.down)),
    '{ "up", "down" } colours as #rgb or #rrggbb',
  ],
  depositTypes: listOf(DEPOSIT_TYPES),
  withdrawTypes: listOf(WITHDRAW_TYPES),
  verification: oneOf(...VERIFICATIONS),
  serviceEmail: [(v) => typeof v === 'string' && /^[^\s@]+@[^\s@]+$/.test(v), 'an e-mail address'],
  realityCheckMinutes: number(0, RT_MAX_MINUTES),
  responsibleTrading: [
    (v) =>
      typeof v === 'boolean' ||
      (isObject(v) &&
        (v.coolingOffHours === undefined || within(v.coolingOffHours, 0, MAX_COOLING_OFF_HOURS))),
    `true, false or { "coolingOffHours": 0 to ${MAX_COOLING_OFF_HOURS} }`,
  ],
  flags: [
    (v) => isObject(v) && Object.values(v).every((x) => typeof x === 'boolean'),
    'names set to true or false',
  ],
};

/**
 * Merge a loaded file over the defaults, checking every value it sets;
 * unknown keys are ignored. Throws a message naming the key and what it takes.
 */
export function parseSiteConfig(raw: unknown): SiteConfig {
  if (!isObject(raw)) throw new Error('site config is not an object');
  for (const [key, [ok, takes]] of Object.entries(RULES) as Array<[string, Rule]>)
    if (raw[key] !== undefined && !ok(raw[key]))
      throw new Error(`site config: "${key}" must be ${takes} (it is ${JSON.stringify(raw[key])})`);
  const r = raw as Partial<SiteConfig>;
  const cfg: SiteConfig = { ...DEFAULT_SITE, ...r, flags: { ...DEFAULT_SITE.flags, ...r.flags } };
  if (!cfg.languages.includes(cfg.defaultLanguage))
    throw new Error(
      `site config: "defaultLanguage" ${cfg.defaultLanguage} must be one of "languages"`,
    );
  if (cfg.backend === 'live' && !cfg.live)
    throw new Error('site config: backend "live" needs "live" roots');
  return cfg;
}
