/** Period and candle-type selects; the desktop top bar can use them outside the chart toolbar. */
import { useTranslation } from '../../i18n/react.tsx';
import { PERIODS } from '../../api/wire.ts';
import { CANDLE_TYPES, isOneOf, type CandleKind, type Period } from './view-options.ts';
// The toolbar's styles come with the selects: the app shell's top bar shows them on the first route.
import './chart-toolbar.css';

export function PeriodSelect({
  value,
  onChange,
}: {
  value: Period;
  onChange: (p: Period) => void;
}) {
  const { t } = useTranslation();
  return (
    <select
      className="chart-select"
      aria-label={t('chart.period')}
      value={value}
      onChange={(e) => isOneOf(PERIODS, e.target.value) && onChange(e.target.value)}
    >
      {PERIODS.map((p) => (
        <option key={p} value={p}>
          {t(`chart.periods.${p}`)}
        </option>
      ))}
    </select>
  );
}

export function CandleTypeSelect({
  value,
  onChange,
}: {
  value: CandleKind;
  onChange: (c: CandleKind) => void;
}) {
  const { t } = useTranslation();
  return (
    <select
      className="chart-select"
      aria-label={t('chart.candle_type')}
      value={value}
      onChange={(e) => isOneOf(CANDLE_TYPES, e.target.value) && onChange(e.target.value)}
    >
      {CANDLE_TYPES.map((c) => (
        <option key={c} value={c}>
          {t(`chart.candles.${c}`)}
        </option>
      ))}
    </select>
  );
}
