/**
 * This build's version: package version plus build time, stamped by Vite
 * (see vite.config.ts), and written to version.json beside index.html. A tab
 * running an older build notices the difference (trading.md §4).
 */
declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
