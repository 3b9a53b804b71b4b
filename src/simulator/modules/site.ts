/** Site data: system config (feature flags), banners and customer-service links. */
import { ok, type SimModule } from '../module.ts';

/** Banner images: generated SVGs, so the demo needs no image host. */
const BANNERS = [
  ['#1e3a8a', '#0ea5e9', 'Trade 60 markets', 'Forex, commodities, indices, crypto and US stocks'],
  ['#065f46', '#10b981', 'Practise on demo', 'Switch to the demo account and reset it any time'],
  ['#7c2d12', '#f59e0b', 'Options from 30 s', 'Fixed payout, settled at the delivery time'],
] as const;

const bannerSvg = ([from, to, title, sub]: (typeof BANNERS)[number]) =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="287" viewBox="0 0 750 287">` +
      `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="750" height="287" fill="url(#g)"/>` +
      `<text x="48" y="140" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff">${title}</text>` +
      `<text x="48" y="190" font-family="sans-serif" font-size="24" fill="#fff" opacity=".85">${sub}</text></svg>`,
  );

export const siteModule: SimModule = {
  name: 'site',
  handlers: (ctx) => ({
    systemConfig: () =>
      ok({
        systemConfigs: Object.entries(ctx.state.flags).map(([name, enable]) => ({ name, enable })),
      }),
    bannerList: () =>
      ok({
        rows: BANNERS.map((b) => ({ bannerUrl: bannerSvg(b) })),
      }),
    customerLink: () =>
      ok({
        url: 'https://chat.example.com/widget',
        telegram: 'https://t.me/example_support',
        whatsapp: 'https://wa.me/15550100',
      }),
  }),
};
