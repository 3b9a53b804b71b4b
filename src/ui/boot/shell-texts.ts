/**
 * The boot shell's record (shell-snapshot.ts `boot.shell`): the texts of
 * home's price table in the language the app shows, written at start and
 * on every change of language, so the next visit's painted prices read as
 * this one's did. The prices and digits it paints are the app's own stored
 * ones (state/seen.ts), not a copy.
 */
import type { I18n } from '../../i18n/translator.ts';
import { writeJson } from '../../state/persist.ts';
import { textDirection } from '../../i18n/loaders.ts';
import { SHELL_KEY, SHELL_VERSION, type ShellRecord } from './shell-snapshot.ts';

/** Stands for the price in the cell's label, to split it around the price. */
const MARK = '\u0001';

export function shellRecord(
  t: (key: string, values?: Record<string, string>) => string,
  lang: string,
): ShellRecord {
  const [before = '', after = ''] = t('home.stale_price', { price: MARK }).split(MARK);
  return {
    v: SHELL_VERSION,
    lang,
    dir: textDirection(lang),
    texts: {
      title: t('home.title'),
      symbol: t('home.symbol'),
      bid: t('home.bid'),
      ask: t('home.ask'),
      change: t('home.change'),
      stale: t('home.stale'),
      stalePrice: [before, after],
    },
  };
}

export function rememberShellTexts(i18n: I18n): () => void {
  const write = () =>
    writeJson(
      SHELL_KEY,
      shellRecord((k, v) => i18n.t(k, v), i18n.language),
    );
  write();
  i18n.on('languageChanged', write);
  return () => i18n.off('languageChanged', write);
}
