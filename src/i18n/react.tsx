/**
 * The translator for views: `useTranslation()` gives the current language's
 * `t` (a new function when the language changes, so memoised views follow)
 * and the instance; a change of language renders every view that asked.
 */
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { I18n, TFunction } from './translator.ts';

const Ctx = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <Ctx.Provider value={i18n}>{children}</Ctx.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(Ctx);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const language = () => i18n.language;
  const lng = useSyncExternalStore(subscribe, language, language);
  return useMemo(() => ({ t: i18n.fixedT(lng), i18n }), [i18n, lng]);
}
