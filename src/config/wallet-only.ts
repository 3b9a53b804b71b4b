/**
 * trading.md §1: "The product also redirects to a page meant only for a
 * specific wallet application when a setting requires it and the device is
 * neither a mobile app nor that wallet's browser." The setting is the site
 * config's `walletOnly`; the decision is a pure function of it and the device.
 */

/** Site setting: send every device that is not the wallet's browser (nor the mobile app) to its page. */
export interface WalletOnlySetting {
  /** The wallet application's name (for the operator; not shown). */
  wallet: string;
  /** A fragment of the wallet's in-app browser user agent, matched case-insensitively. */
  browserAgent: string;
  /** The page meant only for that wallet: an absolute URL or a path on this site. */
  page: string;
  /** A fragment of the mobile app's user agent (default {@link APP_AGENT}). */
  appAgent?: string;
}

/** The user-agent fragment the site's mobile app (its web-view wrapper) adds. */
export const APP_AGENT = 'TraderApp';

/** What the decision needs to know about the device. */
export interface Device {
  userAgent: string;
  /** A native wrapper's bridge is present (Capacitor, React Native web view). */
  nativeBridge: boolean;
  /** The current URL, to never redirect a page to itself. */
  href: string;
}

/** The device the page runs on. */
export function currentDevice(): Device {
  const w = window as unknown as Record<string, unknown>;
  return {
    userAgent: navigator.userAgent,
    nativeBridge: 'Capacitor' in w || 'ReactNativeWebView' in w,
    href: window.location.href,
  };
}

const has = (ua: string, fragment: string) =>
  fragment !== '' && ua.toLowerCase().includes(fragment.toLowerCase());

/**
 * The URL to leave for, or undefined to stay: only when the setting exists,
 * the device is neither the mobile app nor the wallet's browser, and the page
 * is not the current one.
 */
export function walletOnlyTarget(
  setting: WalletOnlySetting | undefined,
  device: Device,
): string | undefined {
  if (!setting?.page) return undefined;
  const ua = device.userAgent;
  if (device.nativeBridge || has(ua, setting.appAgent ?? APP_AGENT)) return undefined;
  if (has(ua, setting.browserAgent)) return undefined;
  const target = new URL(setting.page, device.href);
  const here = new URL(device.href);
  if (target.origin === here.origin && target.pathname === here.pathname) return undefined;
  return target.href;
}
