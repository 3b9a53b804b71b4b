/** Console pane: a symbol's trade status, skipping time, market hours and market events (gap, flash crash, wide spread, halt, silent feed). */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../../i18n/react.tsx';
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
      <p className="muted" id="console-events-hint">
        {t('console.eventsHint')}
      </p>
      <EventRow
        fields={[{ label: 'console.gapPct', initial: '-2', decimal: true }]}
        fire={([pct]) => bo.marketGap([text], Number(pct))}
        done={([pct]) => t('console.gapFired', { pct, symbol: text })}
        button="console.fireGap"
      />
      <EventRow
        fields={[
          { label: 'console.crashPct', initial: '10', decimal: true },
          { label: 'console.crashSeconds', initial: '60' },
        ]}
        fire={([pct, s]) => bo.flashCrash([text], Number(pct), Number(s))}
        done={([pct, s]) => t('console.crashFired', { pct, s, symbol: text })}
        button="console.fireCrash"
      />
      <EventRow
        fields={[
          { label: 'console.spreadTimes', initial: '5', decimal: true },
          { label: 'console.spreadSeconds', initial: '60' },
        ]}
        fire={([times, s]) => bo.widenSpread([text], Number(times), Number(s))}
        done={([times, s]) => t('console.spreadFired', { times, s, symbol: text })}
        button="console.fireSpread"
      />
      <EventRow
        fields={[{ label: 'console.haltSeconds', initial: '60' }]}
        fire={([s]) => bo.haltTrading([text], Number(s))}
        done={([s]) => t('console.haltFired', { s, symbol: text })}
        button="console.fireHalt"
      />
      <EventRow
        fields={[{ label: 'console.silentSeconds', initial: '30' }]}
        fire={([s]) => bo.silenceFeed([text], Number(s))}
        done={([s]) => t('console.silentFired', { s, symbol: text })}
        button="console.fireSilent"
      />
    </>
  );
}

/** One market event's row: its fields (kept as typed) and the button that fires it on the symbol above. */
function EventRow(p: {
  fields: Array<{ label: string; initial: string; decimal?: boolean }>;
  fire: (values: string[]) => Promise<unknown>;
  done: (values: string[]) => string;
  button: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => p.fields.map((f) => f.initial));
  return (
    <div className="console-row">
      {p.fields.map((f, i) => (
        <label key={f.label} className="field">
          <span className="label">{t(f.label)}</span>
          <input
            className="input"
            inputMode={f.decimal ? 'decimal' : 'numeric'}
            value={values[i]}
            onChange={(e) => setValues(values.map((v, j) => (j === i ? e.target.value : v)))}
          />
        </label>
      ))}
      <button
        type="button"
        className="btn"
        aria-describedby="console-events-hint"
        onClick={() => run(p.fire(values), p.done(values))}
      >
        {t(p.button)}
      </button>
    </div>
  );
}
