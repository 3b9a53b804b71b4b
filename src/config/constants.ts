/** Business constants of trading.md §9 and user-centre.md §9, in one place. */

export const TOAST_MS = 1500;
/** A trade's result (price, volume, P&L) stays long enough to be read. */
export const RESULT_TOAST_MS = 6000;
/** Added to the configured request timeout. */
export const TIMEOUT_MARGIN_MS = 700;
/**
 * After a lost reply to a call that moves money or state, when to look for
 * its effect again (ms after the previous look; machines/shared/unsure.ts).
 */
export const UNSURE_LOOK_AGAIN_MS = [1500, 3000];

export const CODE_LENGTH = 6;
export const RESEND_SECONDS = 60;
export const CAPTCHA_COOLDOWN_MS = 3000;
export const PASSWORD_MIN = 7;
export const MAX_LEN = {
  email: 140,
  password: 140,
  inviteCode: 140,
  captcha: 12,
  nick: 140,
};

export const DEFAULT_PRECISION = 2;
export const DEFAULT_LEVERAGE = 100;
export const DEFAULT_PIP = 0.01;

export const PAGE_SIZE = 10;
export const OPTION_RUNNING_LIMIT = 99999;
/** Lists stop after more than this many failed responses. */
export const LIST_FAILURE_LIMIT = 5;

export const BALANCE_POLL_MS = 1000;
export const PRODUCT_INFO_REFRESH_MS = 60_000;
export const WALLET_REFRESH_MS = 8000;
export const WITHDRAW_RECHECK_MS = 1000;
/** Deposit and withdraw amounts: 5 decimals (user-centre.md §5, §9). */
export const AMOUNT_DECIMALS = 5;

export const BANNER_AUTOPLAY_MS = 3000;
export const HOT_PRODUCTS = 3;
export const HOT_SEARCHES = ['USD', 'GBP', 'AUD', 'HKD'] as const;

export const OPTION_PROGRESS_SCALE = 100;
export const OPTION_TICK_MS = 200;
export const SETTLE_FIRST_POLL_MS = 1000;
export const SETTLE_POLL_MS = 1500;
export const SETTLE_TRIES_LIST = 40;
export const SETTLE_TRIES_PLACE = 12;

export const KLINE_LIMIT = 300;
export const MINI_CHART_MINUTES = 30;

export const RECONNECT_MAX_ATTEMPTS = 10;
export const RECONNECT_STEP_MS = 500;
export const STALE_AFTER_MS = 10_000;

export const SESSION_CHECK_MS = 60_000;
export const SESSION_REFRESH_BEFORE_MS = 5 * 60_000;

export const FOREX_PERMISSION_USD = 100_000;
/** user-centre.md §3 "Bank card": the fixed bank key list, offered as bank names on the card form. */
export const BANK_KEYS = ['aib', 'vib', 'hkib', 'jbic', 'kb', 'bnm', 'cba'] as const;
export const MANUAL_CLOSE_AFTER_MS = 3 * 60_000;
export const DUPLICATE_CLICK_MS = 1000;

export const WIDE_DESKTOP_PX = 1600;
export const LIST_OPEN_MIN_HEIGHT_PX = 790;
export const DESKTOP_CARD_PX = 420;
export const MOBILE_MAX_PX = 768;

export const DEFAULT_TRADE_ORDER = [3, 2, 1, 4] as const;
export const MAX_INDICATORS_PER_KIND = 3;
export const ZOOM_IN = 1.1;
export const ZOOM_OUT = 0.9;
export const SHIFT_BARS = 100;

/** The desktop shell from this width (ARCHITECTURE.md: mobile below); index.html's boot shell reads it too. */
export const DESKTOP_QUERY = '(min-width: 768px)';
