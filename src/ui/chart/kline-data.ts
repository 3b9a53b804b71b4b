/** Our wire klines to klinecharts' data, and the period and precision it needs. */
import type { KLineData, Period as KPeriod } from 'klinecharts';
import type { KlinePoint } from '../../api/types/trading.ts';
import type { Period } from '../../api/wire.ts';

export const toKLineData = (p: KlinePoint): KLineData => ({
  timestamp: p.time,
  open: p.openPrice,
  high: p.highestPrice,
  low: p.lowestPrice,
  close: p.closePrice,
  volume: p.volume,
  turnover: p.turnover,
});

const PERIOD: Record<Period, KPeriod> = {
  '1min': { type: 'minute', span: 1 },
  '5min': { type: 'minute', span: 5 },
  '15min': { type: 'minute', span: 15 },
  '30min': { type: 'minute', span: 30 },
  '1h': { type: 'hour', span: 1 },
  '1d': { type: 'day', span: 1 },
};

export const klinePeriod = (p: Period): KPeriod => PERIOD[p];
