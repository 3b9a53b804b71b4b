/** Site data: system config (feature flags), banners and customer-service links. */
import { ok, type SimModule } from '../module.ts';

/**
 * Banner images: generated SVGs, so the demo needs no image host. They carry
 * no text: the app captions a banner from its locale files by the URL's
 * fragment (#markets → home.banner_markets), so the words follow the
 * user's language (issue 25 item 9).
 */
const BANNERS = [
  ['markets', '#1e3a8a', '#0ea5e9'],
  ['demo', '#065f46', '#10b981'],
  ['options', '#7c2d12', '#f59e0b'],
] as const;

const bannerSvg = ([id, from, to]: (typeof BANNERS)[number]) =>
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="287" viewBox="0 0 750 287">` +
      `<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="750" height="287" fill="url(#g)"/>` +
      `<circle cx="640" cy="70" r="150" fill="#fff" opacity=".08"/>` +
      `<circle cx="700" cy="260" r="90" fill="#fff" opacity=".06"/></svg>`,
  ) +
  `#${id}`;

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
