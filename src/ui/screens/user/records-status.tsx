/**
 * Order and record statuses shared by the records screens and the wallet
 * overview: a glyph per status besides its colour, market and option order
 * statuses, and the payState of a deposit or withdrawal record.
 */
import { useTranslation } from 'react-i18next';
import { STATUS_CLASS } from '../../trade/order-detail.tsx';

/** payState (floored) → label key and colour. */
const PAY_STATE: Record<number, { key: string; tone: string }> = {
  0: { key: 'wallet_ui.pay_state_0', tone: 'yellow' },
  1: { key: 'wallet_ui.pay_state_1', tone: 'blue' },
  2: { key: 'wallet_ui.pay_state_2', tone: 'red' },
};

/** A small glyph per order status, besides its colour (§4: distinct colours and icons). */
export function StatusGlyph({ status }: { status: number }) {
  const d: Record<number, string> = {
    1: 'M12 7v5l3 2', // pending: a clock hand
    2: 'M5 12h14', // open / waiting: a level line
    3: 'M6 12l4 4 8-8', // closed / done: a tick
    4: 'M7 7l10 10M17 7L7 17', // canceled / failed: a cross
  };
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d={d[status] ?? d[2]} fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

export function MarketStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`status ${STATUS_CLASS[status] ?? 'grey'}`}>
      <StatusGlyph status={status} /> {t(`position.status_${status}`)}
    </span>
  );
}

export function OptionStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`status ${status === 1 ? 'blue' : 'yellow'}`}>
      <StatusGlyph status={status === 1 ? 3 : 2} /> {t(`wallet_ui.option_status_${status}`)}
    </span>
  );
}

/** The state of a deposit or withdrawal record: payState floored (§4). */
export function PayState({ payState }: { payState: number }) {
  const { t } = useTranslation();
  const s = PAY_STATE[Math.floor(payState)] ?? PAY_STATE[0]!;
  const glyph = s.tone === 'yellow' ? 2 : s.tone === 'blue' ? 3 : 4;
  return (
    <span className={`status ${s.tone}`}>
      <StatusGlyph status={glyph} /> {t(s.key)}
    </span>
  );
}
