/** Console pane: a symbol's trade status, skipping time, market hours and market events (gap, flash crash, wide spread, halt). */
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
  const [gap, setGap] = useState('-2');
  const [fall, setFall] = useState('10');
  const [seconds, setSeconds] = useState('60');
  const [times, setTimes] = useState('5');
  const [spreadFor, setSpreadFor] = useState('60');
  const [haltFor, setHaltFor] = useState('60');
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
      <p className="muted" id="console-events-hint">
        {t('console.eventsHint')}
      </p>
      <div className="console-row">
        <label className="field">
          <span className="label">{t('console.gapPct')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={gap}
            onChange={(e) => setGap(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn"
          aria-describedby="console-events-hint"
          onClick={() =>
            run(
              bo.marketGap([text], Number(gap)),
              t('console.gapFired', { pct: gap, symbol: text }),
            )
          }
        >
          {t('console.fireGap')}
        </button>
      </div>
      <div className="console-row">
        <label className="field">
          <span className="label">{t('console.crashPct')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={fall}
            onChange={(e) => setFall(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="label">{t('console.crashSeconds')}</span>
          <input
            className="input"
            inputMode="numeric"
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn"
          aria-describedby="console-events-hint"
          onClick={() =>
            run(
              bo.flashCrash([text], Number(fall), Number(seconds)),
              t('console.crashFired', { pct: fall, s: seconds, symbol: text }),
            )
          }
        >
          {t('console.fireCrash')}
        </button>
      </div>
      <div className="console-row">
        <label className="field">
          <span className="label">{t('console.spreadTimes')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={times}
            onChange={(e) => setTimes(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="label">{t('console.spreadSeconds')}</span>
          <input
            className="input"
            inputMode="numeric"
            value={spreadFor}
            onChange={(e) => setSpreadFor(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn"
          aria-describedby="console-events-hint"
          onClick={() =>
            run(
              bo.widenSpread([text], Number(times), Number(spreadFor)),
              t('console.spreadFired', { times, s: spreadFor, symbol: text }),
            )
          }
        >
          {t('console.fireSpread')}
        </button>
      </div>
      <div className="console-row">
        <label className="field">
          <span className="label">{t('console.haltSeconds')}</span>
          <input
            className="input"
            inputMode="numeric"
            value={haltFor}
            onChange={(e) => setHaltFor(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="btn"
          aria-describedby="console-events-hint"
          onClick={() =>
            run(
              bo.haltTrading([text], Number(haltFor)),
              t('console.haltFired', { s: haltFor, symbol: text }),
            )
          }
        >
          {t('console.fireHalt')}
        </button>
      </div>
    </>
  );
}
