/**
 * English comes in two files (issue 31, bytes): the texts the first route's
 * own modules show (home, the shell, the client's error messages, the
 * console's launcher) and the chart screen's (its header and Buy / Sell: a
 * page opened on a chart enables Buy without the rest, round 4), preloaded
 * with the root; and the rest, loaded after the first prices or with the
 * first other lazy screen, which waits for it (i18n/index.ts `allTexts`). A
 * first-route or chart-screen module that used a text left in the rest would
 * show its key: tests/unit/i18n-first-texts.test.ts walks their imports and
 * fails on one.
 */
export type Texts = { [key: string]: string | Texts };

/** Top-level groups, or dotted paths inside one, that go with the first route. */
export const FIRST_TEXTS: readonly string[] = [
  'home',
  'shell',
  'nav',
  'common',
  'tips',
  // The client's messages for reply codes (api/client.ts), with the values some fill in.
  'code',
  'responsible.key',
  'category',
  'duration',
  'quotation',
  // The console launcher and the outbox notice are in the first route; the console is not.
  'console.open',
  'console.codeSent',
  'console.recordingBadge',
  'console.scenarioLinkFailed',
  // The chart screen's own (ui/screens/chart.tsx and its static imports; its chart panel waits for the rest).
  'index',
  'top',
  'chart.high',
  'chart.historyOnly',
  'chart.loading',
  'chart.low',
  'chart.price',
  'chart.product',
  'chart.trade_gone',
  'chart.updated',
  'chart.volume',
  'option.long',
  'option.short',
  'order.buy',
  'order.sell',
];

const isGroup = (v: unknown): v is Texts => typeof v === 'object' && v !== null;

/** `tree` cut in two by `paths` (each a key or a dotted path to a text or group); nothing is lost or doubled. */
export function splitTexts(tree: Texts, paths: readonly string[]): { first: Texts; rest: Texts } {
  const first: Texts = {};
  const rest: Texts = structuredClone(tree);
  for (const p of paths) {
    const parts = p.split('.');
    const last = parts.pop() as string;
    let from: Texts | undefined = rest;
    let into = first;
    for (const part of parts) {
      const next: string | Texts | undefined = from?.[part];
      from = isGroup(next) ? next : undefined;
      const made = into[part];
      into = isGroup(made) ? made : (into[part] = {});
    }
    const v = from?.[last];
    if (v === undefined || !from) throw new Error(`first-texts: no English text or group ${p}`);
    into[last] = v;
    delete from[last];
  }
  // A group emptied by the cut (every key of `console.x` taken) is dropped from the rest.
  const prune = (t: Texts) => {
    for (const [k, v] of Object.entries(t))
      if (isGroup(v)) {
        prune(v);
        if (Object.keys(v).length === 0) delete t[k];
      }
  };
  prune(rest);
  return { first, rest };
}
