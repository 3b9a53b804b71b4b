/** Console pane: a symbol's trade status, skipping time, and market hours. */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { ui } from '../../../state/ui.ts';
import type { RemoteBackOffice } from '../use-back-office.ts';
import { run } from './pane-helpers.ts';

const CLOSED_ALL_WEEK = { start: {}, close: {} };

export function Market({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const { symbol } = useSnapshot(ui);
  const [text, setText] = useState(symbol ?? '');
  useEffect(() => setText(symbol ?? ''), [symbol]);
  return (
    <>
      <label className="field">
        <span className="label">{t('home.symbol')}</span>
        <input
          className="input"
          value={text}
          onChange={(e) => setText(e.target.value.toUpperCase())}
        />
      </label>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeStatus(text, 0), t('console.done'))}
        >
          {t('console.tradeOff')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeStatus(text, 1), t('console.done'))}
        >
          {t('console.tradeOn')}
        </button>
      </div>
      <div className="console-row">
        {[3, 60].map((min) => (
          <button
            key={min}
            type="button"
            className="btn"
            onClick={() => run(bo.skipTime(min * 60_000), t('console.skipped', { min }))}
          >
            {t('console.skip', { min })}
          </button>
        ))}
      </div>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setHours(text, CLOSED_ALL_WEEK), t('console.done'))}
        >
          {t('console.closeMarket')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setHours(text, undefined), t('console.done'))}
        >
          {t('console.restoreHours')}
        </button>
      </div>
    </>
  );
}
