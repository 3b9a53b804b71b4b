/**
 * Records (user-centre.md §2 "Records screens", §3 "Market order", "Option
 * order", "Deposit and withdraw record", §4 positionStatus and payState):
 * - /user/wallet/transactionList: trade records, market orders (userOrder, or
 *   userOrderMock on a demo account) with the filters all, unsettled, deal,
 *   canceled, exception (positionStatus = filter index + 1, all sends none)
 *   and option orders (userOptionHistory: all, waiting, done); a detail panel.
 *   `?uid=` opens that market order's detail once it is listed, `?optionUID=`
 *   opens that option's detail (userOptionDetail).
 * - /user/wallet/depositList: deposit and withdrawal records (uesrRecharge),
 *   payState 0 in review, 1 success, 2 fail (floored), with the reason;
 *   filters by type (all, deposits, withdrawals) and by payState, and a
 *   detail panel per record.
 * Both lists are the generic infinite list; the rows are shared with the
 * wallet overview.
 *
 * The trade records screen is in records-transactions.tsx; the rows, the
 * statuses and the header and filter chips are in records-rows.tsx,
 * records-status.tsx and records-kit.tsx.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { DepositWithdrawRecord } from '../../../api/types/user.ts';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { DepositRecordFacts, DepositRecordRow, recordName } from './records-rows.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { useDesktop } from '../../hooks/use-media.ts';
import { FilterChips, ScreenHead } from './records-kit.tsx';
import { ExportCsv } from '../../statements/export-button.tsx';
import './wallet.css';

export { MarketStatus, OptionStatus, PayState, StatusGlyph } from './records-status.tsx';
export { DepositRecordRow, MarketOrderRow, OptionFacts, OptionOrderRow } from './records-rows.tsx';
export { FilterChips };
export { TransactionList } from './records-transactions.tsx';

/** Record type filters: all, 0 deposit, 1 withdraw. */
const RECORD_FILTERS = [undefined, 0, 1] as const;
/** Record status filters: all, then payState 0 in review, 1 success, 2 fail (§4). */
const STATUS_FILTERS = [undefined, 0, 1, 2] as const;

export function DepositList() {
  const { t } = useTranslation();
  const desktop = useDesktop();
  const [filter, setFilter] = useState(0);
  const [statusFilter, setStatusFilter] = useState(0);
  const [open, setOpen] = useState<DepositWithdrawRecord>();
  const type = RECORD_FILTERS[filter];
  const status = STATUS_FILTERS[statusFilter];
  const payload = {
    ...(type === undefined ? {} : { type }),
    ...(status === undefined ? {} : { status }),
  };
  return (
    <main className="screen wallet-screen">
      <ScreenHead title={t('wallet_ui.deposit_records')} />
      <FilterChips
        label={t('wallet_ui.filter')}
        labels={RECORD_FILTERS.map((f) => t(`wallet_ui.record_filter_${f ?? 'all'}`))}
        value={filter}
        onChange={setFilter}
      />
      <FilterChips
        label={t('wallet_ui.status_filter')}
        labels={STATUS_FILTERS.map((f) =>
          t(f === undefined ? 'wallet_ui.status_all' : `wallet_ui.pay_state_${f}`),
        )}
        value={statusFilter}
        onChange={setStatusFilter}
      />
      <ExportCsv kind="deposit" call="uesrRecharge" payload={payload} />
      <InfiniteList<DepositWithdrawRecord>
        key={`records-${filter}-${statusFilter}`}
        label={t('wallet_ui.deposit_records')}
        input={{ call: 'uesrRecharge', payload }}
        render={(r) => <DepositRecordRow key={r.id} r={r} onOpen={() => setOpen(r)} />}
      />
      <Drawer
        open={!!open}
        side={desktop}
        title={open ? recordName(t, open) : ''}
        onClose={() => setOpen(undefined)}
      >
        {open && <DepositRecordFacts r={open} />}
      </Drawer>
    </main>
  );
}
