/**
 * Installable and calm offline (issue 16): a web app manifest made from the
 * site config (`public/config/site.json`: siteName, colours, optional
 * `app` block with shortName, themeColor, backgroundColor and icons), and a
 * Workbox service worker (vite-plugin-pwa) that precaches the shell and every
 * chunk the app can load (locales included). No API reply, no channel data,
 * not the site config and not the version file are cached here: both are read
 * fresh at start-up (the app keeps the last site config it read for an
 * offline start, ui/boot/services.ts), so a redeploy is noticed.
 * A deployment that changes site.json rebuilds, or replaces
 * manifest.webmanifest beside it.
 */
import { readFileSync } from 'node:fs';
import { VitePWA } from 'vite-plugin-pwa';

interface SiteApp {
  shortName?: string;
  themeColor?: string;
  backgroundColor?: string;
  icons?: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

/** The manifest fields of a site config file. */
export function manifestOf(siteFile: string) {
  const site = JSON.parse(readFileSync(siteFile, 'utf8')) as {
    siteName?: string;
    app?: SiteApp;
  };
  const name = site.siteName ?? 'Trader';
  const app = site.app ?? {};
  return {
    name,
    short_name: app.shortName ?? name,
    description: `${name}: markets, options and your wallet`,
    theme_color: app.themeColor ?? '#0f172a',
    background_color: app.backgroundColor ?? '#f6f7fb',
    display: 'standalone' as const,
    start_url: '.',
    scope: '.',
    icons: app.icons ?? [
      { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
    ],
  };
}

/** Paths that are never the app shell: the back end's roots, channels, the operator API. */
const NOT_SHELL = [
  /^\/(api|market|exchange|ws|operator)(\/|$)/,
  /^\/config\//,
  /^\/version\.json$/,
];

export const pwa = (siteFile: string) =>
  VitePWA({
    registerType: 'autoUpdate',
    // Registered by main.tsx after the first price matters no more (window load).
    injectRegister: false,
    manifest: manifestOf(siteFile),
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // libheif (HEIC) is 3 MB and rarely needed: fetched when a HEIC is chosen.
      globIgnores: ['**/heic-to*', 'config/**', 'version.json'],
      navigateFallback: 'index.html',
      navigateFallbackDenylist: NOT_SHELL,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [],
    },
  });
