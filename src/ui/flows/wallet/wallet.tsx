/**
 * My wallet (/user/myWallet; flag multi-wallet and a real account): the
 * wallet machine's view (user-centre.md §2 "Wallet", §4 "Wallet").
 * - my_wallet: the overview (total assets in USD, deposit and withdraw, the
 *   crypto wallet and bank card shortcuts), one row per currency with
 *   Transfer in / Transfer out (not on USD; a drawer on the transfer
 *   machine), and the 5 latest trade records and deposit/withdrawal records.
 *   The machine refreshes the balance every 8 s while this tab is shown.
 * - wallet_record: the transfer records, filtered all / in / out / order.
 */
import { ExportCsv } from '../../statements/export-button.tsx';
import { useCallback, useState, type ComponentType } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { DepositWithdrawRecord, WalletItem, WalletRecord } from '../../../api/types/user.ts';
import { walletActors } from '../../../machines/wallet/actors.ts';
import {
  walletMachine,
  type RecordType,
  type WalletTab,
} from '../../../machines/wallet/machine.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { useWallet } from '../../hooks/use-wallet.ts';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { DepositRecordRow, FilterChips } from '../../screens/user/records.tsx';
import { Skeletons, useAvailable, WalletHead } from '../../screens/user/my-wallet-kit.tsx';
import { Latest, LatestTrades } from './latest.tsx';
import { Overview } from './overview.tsx';
import { CurrencyRow, WalletRecordRow } from './rows.tsx';
import '../../screens/user/wallet.css';
import './wallet.css';
import { inspected } from '../../../machines/inspect.ts';

/**
 * The transfer drawer's form, for one row and direction: the transfer flow's
 * (src/ui/flows/transfer/), given by the screen that composes the two.
 */
export type TransferView = ComponentType<{
  row: WalletItem;
  usd: WalletItem | undefined;
  type: 0 | 1;
  onReload: () => void;
  onDone: () => void;
}>;

const RECORD_TYPES: RecordType[] = [undefined, 0, 1, 2];

function WalletScreen({ Transfer }: { Transfer: TransferView }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send] = useMachine(walletMachine.provide({ actors: walletActors(api) }), inspected);
  const c = state.context;
  // The latest wallet read, whoever made it (a transfer's reload too): total and rows agree.
  const read = useWallet();
  const list = read?.list ?? c.list;
  const [transfer, setTransfer] = useState<{ row: WalletItem; type: 0 | 1 }>();
  const tab: WalletTab = state.matches('records') ? 'wallet_record' : 'my_wallet';
  const reload = useCallback(() => send({ type: 'balance.reload' }), [send]);
  const close = useCallback(() => setTransfer(undefined), []);
  const usd = list.find((r) => r.currency === 'USD');

  return (
    <main className="screen wallet-screen">
      <WalletHead title={t('my.wallet')} />
      <div className="tabs" role="tablist" aria-label={t('my.wallet')}>
        {(['my_wallet', 'wallet_record'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' active' : ''}`}
            onClick={() => send({ type: 'tab.select', tab: k })}
          >
            {t(`wallet_ui.tab_${k}`)}
          </button>
        ))}
      </div>
      {tab === 'my_wallet' ? (
        <div role="tabpanel" aria-label={t('wallet_ui.tab_my_wallet')}>
          <Overview
            total={read?.totalBalance ?? c.totalBalance}
            loading={state.hasTag('busy')}
            onReload={reload}
          />
          <section className="wallet-section" aria-label={t('wallet_ui.currencies')}>
            <h2 className="section-title">{t('wallet_ui.currencies')}</h2>
            {list.length === 0 && state.hasTag('busy') ? (
              <Skeletons />
            ) : list.length === 0 ? (
              <div className="empty-state">
                <p>{t(c.failure !== undefined ? 'wallet_ui.load_failed' : 'list.empty')}</p>
                <button type="button" className="btn" onClick={reload}>
                  {t('common.retry')}
                </button>
              </div>
            ) : (
              <ul className="wallet-coin-list" aria-label={t('wallet_ui.currencies')}>
                {list.map((item) => (
                  <CurrencyRow
                    key={item.currencyId}
                    item={item}
                    onTransfer={(type) => setTransfer({ row: item, type })}
                  />
                ))}
              </ul>
            )}
          </section>
          <LatestTrades />
          <Latest<DepositWithdrawRecord>
            title={t('wallet_ui.latest_deposits')}
            all="/user/wallet/depositList"
            input={{ call: 'uesrRecharge' }}
            render={(r) => <DepositRecordRow key={r.id} r={r} />}
          />
        </div>
      ) : (
        <div role="tabpanel" aria-label={t('wallet_ui.tab_wallet_record')}>
          <FilterChips
            label={t('wallet_ui.filter')}
            labels={RECORD_TYPES.map((r) => t(`wallet_ui.record_type_${r ?? 'all'}`))}
            value={RECORD_TYPES.indexOf(c.recordType)}
            onChange={(i) => send({ type: 'records.filter', recordType: RECORD_TYPES[i] })}
          />
          <ExportCsv
            kind="wallet"
            call="walletRecord"
            payload={c.recordType === undefined ? {} : { type: c.recordType }}
          />
          <InfiniteList<WalletRecord>
            key={`record-${c.recordType ?? 'all'}`}
            label={t('wallet_ui.tab_wallet_record')}
            input={{
              call: 'walletRecord',
              payload: c.recordType === undefined ? {} : { type: c.recordType },
            }}
            render={(r) => <WalletRecordRow key={`${r.uid}-${r.orderTime}`} r={r} />}
          />
        </div>
      )}
      <Drawer
        open={!!transfer}
        title={
          transfer
            ? `${t(transfer.type === 0 ? 'wallet_ui.transfer_in' : 'wallet_ui.transfer_out')} ${transfer.row.currency}`
            : ''
        }
        onClose={close}
      >
        {transfer && (
          <Transfer
            key={`${transfer.row.currencyId}-${transfer.type}`}
            row={transfer.row}
            usd={usd}
            type={transfer.type}
            onReload={reload}
            onDone={close}
          />
        )}
      </Drawer>
    </main>
  );
}

export function MyWallet({ Transfer }: { Transfer: TransferView }) {
  const demo = useDemo();
  const flags = useFlags();
  const ok = useAvailable(!!flags['multi-wallet'] && !demo);
  return ok ? <WalletScreen Transfer={Transfer} /> : null;
}
