/** Console pane: the site flags, one checkbox each. */
import { useTranslation } from '../../../i18n/react.tsx';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { run, useLoad } from './pane-helpers.ts';

export function Flags({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [flags, reload] = useLoad(() => bo.flags(), [bo]);
  return (
    <>
      <p className="muted">{t('console.flagsNote')}</p>
      <ul className="console-list">
        {Object.entries(flags ?? {}).map(([name, on]) => (
          <li key={name}>
            <label className="check">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => run(bo.setFlag(name, e.target.checked), t('console.done'), reload)}
              />
              {name}
            </label>
          </li>
        ))}
      </ul>
    </>
  );
}
