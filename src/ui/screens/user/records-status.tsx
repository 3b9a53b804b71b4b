/**
 * Order and record statuses shared by the records screens and the wallet
 * overview: a glyph per status besides its colour, market and option order
 * statuses, and the payState of a deposit or withdrawal record.
 */
import { useTranslation } from '../../../i18n/react.tsx';
import { StatusGlyph } from '../../trade/order-card.tsx';
export { MarketStatus, StatusGlyph } from '../../trade/order-card.tsx';

/** payState (floored) → label key and colour. */
const PAY_STATE: Record<number, { key: string; tone: string }> = {
  0: { key: 'wallet_ui.pay_state_0', tone: 'yellow' },
  1: { key: 'wallet_ui.pay_state_1', tone: 'blue' },
  2: { key: 'wallet_ui.pay_state_2', tone: 'red' },
};

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
