/** Language choice: the site's languages, each with its flag; the choice is remembered. */
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import type { Language } from '../../config/site.ts';
import { preferences } from '../../state/preferences.ts';
import { useServices } from '../services-context.tsx';
import { Flag } from './flags.tsx';
import './language-picker.css';
import { LANGUAGE_NAMES } from '../../i18n/language-names.ts';

export function useLanguage(): [Language, (lng: Language) => void] {
  const { i18n, config } = useServices();
  const { language } = useSnapshot(preferences);
  const current = language ?? config.defaultLanguage;
  return [
    current,
    (lng) => {
      preferences.language = lng;
      // The document's lang follows the translator (see createServices), so a dropped switch never sets it.
      void changeLanguage(i18n, lng);
    },
  ];
}

/** A select for the desktop top bar, with the chosen language's flag image beside it. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { config } = useServices();
  const [lng, setLng] = useLanguage();
  return (
    <span className="language-select">
      <Flag lang={lng} />
      <select
        className="select"
        aria-label={t('common.language')}
        value={lng}
        onChange={(e) => setLng(e.target.value as Language)}
      >
        {config.languages.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l][1]}
          </option>
        ))}
      </select>
    </span>
  );
}

/** A list of choices for a drawer (sign-in, my page). */
export function LanguageList({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { config } = useServices();
  const [lng, setLng] = useLanguage();
  return (
    <ul className="choice-list" role="listbox" aria-label={t('common.language')}>
      {config.languages.map((l) => (
        <li key={l} role="option" aria-selected={l === lng}>
          <button
            type="button"
            className={`choice${l === lng ? ' active' : ''}`}
            onClick={() => {
              setLng(l);
              onDone?.();
            }}
          >
            <Flag lang={l} /> {LANGUAGE_NAMES[l][1]}
          </button>
        </li>
      ))}
    </ul>
  );
}
