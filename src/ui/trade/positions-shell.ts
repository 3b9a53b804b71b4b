/**
 * Keeps what the phone's positions screen shows for the boot shell's next
 * paint (ui/boot/shell-account.ts `boot.account`): its summary and open
 * positions as text, for the signed-in account, at once for the first
 * figures and then at most every 5 s (removed when the session ends or
 * turns to another account: shell-account.ts `forgetOtherAccount`).
 */
import { useEffect, useRef } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { useTranslation } from '../../i18n/react.tsx';
import type { MarketOrder } from '../../api/types/trading.ts';
import { writeJson } from '../../state/persist.ts';
import { accountOf } from '../../state/token.ts';
import { session } from '../../state/session.ts';
import { numText } from '../format.ts';
import type { SummaryFigures } from './summary.ts';
import {
  ACCOUNT_KEY,
  ACCOUNT_ROWS,
  ACCOUNT_VERSION,
  type AccountRecord,
} from '../boot/shell-account.ts';

const EVERY_MS = 5000;
/** Stands for the figure in the stale label, to split it around the figure. */
const MARK = '\u0001';

export function accountRecord(
  t: TFunction,
  account: string,
  s: SummaryFigures,
  holding: readonly MarketOrder[],
): AccountRecord {
  const [before = '', after = ''] = t('home.stale_price', { price: MARK }).split(MARK);
  return {
    v: ACCOUNT_VERSION,
    account,
    title: t('nav.position'),
    stale: t('home.stale'),
    stalePrice: [before, after],
    summaryLabel: t('position.summary'),
    summary: [
      [t('position.profitLoss'), numText('pnl', 'USD', s.profitLoss)],
      [t('position.netValue'), numText('amount', 'USD', s.netValue)],
      [t('position.available'), numText('amount', 'USD', s.available)],
    ],
    tab: `${t('position.tab_holding')} (${holding.length})`,
    none: t('position.none'),
    positions: holding.slice(0, ACCOUNT_ROWS).map((o) => ({
      pair: o.tradePair,
      side: t(o.orderType === 0 ? 'order.buy' : 'order.sell'),
      buy: o.orderType === 0,
      pnl: numText('pnl', 'USD', o.profitLoss),
      up: Number(o.profitLoss ?? 0) >= 0,
      facts: [
        [t('position.volume'), numText('volume', o.tradePair, o.orderQuantity)],
        [t('position.placePrice'), numText('price', o.tradePair, o.openingPrice)],
        [t('position.currentPrice'), numText('price', o.tradePair, o.currentPrice)],
      ],
    })),
  };
}

/** The positions screen's figures as shown, kept (phones: the desktop paints no positions). */
export function useRememberPositions(
  s: SummaryFigures | undefined,
  holding: readonly MarketOrder[] | undefined,
  enabled: boolean,
): void {
  const { t } = useTranslation();
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef<() => void>(() => {});
  latest.current = () => {
    const account = accountOf(session.token);
    if (!enabled || !s || !holding || !account) return;
    last.current = Date.now();
    writeJson(ACCOUNT_KEY, accountRecord(t, account, s, holding));
  };
  useEffect(() => {
    if (pending.current !== undefined) return;
    const wait = last.current + EVERY_MS - Date.now();
    if (wait <= 0) return latest.current();
    pending.current = setTimeout(() => {
      pending.current = undefined;
      latest.current();
    }, wait);
  }, [s, holding, enabled]);
  useEffect(
    () => () => {
      if (pending.current !== undefined) clearTimeout(pending.current);
    },
    [],
  );
}
