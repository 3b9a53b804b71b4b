/**
 * Trade records (/user/wallet/transactionList): market orders with their
 * filters (and `columns`, the time they are ordered by), option orders with
 * theirs, and the detail drawers; `?uid=` and `?optionUID=` open an order's
 * detail. The list shown is the trade mode's, and follows a mode switch.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../../i18n/react.tsx';
import { useSearch } from 'wouter';
import type { MarketOrder, OptionOrder } from '../../../api/types/trading.ts';
import type { InfiniteListContext } from '../../../machines/shared/infiniteList/machine.ts';
import { preferences } from '../../../state/preferences.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { useDesktop } from '../../hooks/use-media.ts';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { OrderFacts } from '../../trade/order-detail.tsx';
import { MarketStatus } from './records-status.tsx';
import { MarketOrderRow, OptionFacts, OptionOrderRow } from './records-rows.tsx';
import { FilterChips, ScreenHead } from './records-kit.tsx';
import { MARKET_FILTERS, marketQuery } from './records-query.ts';
import { ExportCsv } from '../../statements/export-button.tsx';

/** Option filters: all, 0 waiting, 1 done. */
const OPTION_FILTERS = [undefined, 0, 1] as const;

/** Opens the order named by `?uid=` once it appears in the loaded items. */
function OpenListed({
  items,
  uid,
  onFound,
}: {
  items: unknown[];
  uid: string | null;
  onFound: (o: MarketOrder) => void;
}) {
  const done = useRef(false);
  useEffect(() => {
    if (!uid || done.current) return;
    const hit = (items as MarketOrder[]).find((o) => o.id === uid || o.uid === uid);
    if (hit) {
      done.current = true;
      onFound(hit);
    }
  }, [items, uid, onFound]);
  return null;
}

export function TransactionList() {
  const { t } = useTranslation();
  const { api, config } = useServices();
  const demo = useDemo();
  const desktop = useDesktop();
  const { tradeMode } = useSnapshot(preferences);
  const query = new URLSearchParams(useSearch());
  const uid = query.get('uid');
  const optionUID = query.get('optionUID');
  const mode = tradeMode ?? config.defaultTradeMode;
  const [kind, setKind] = useState<'market' | 'option'>(() =>
    optionUID ? 'option' : uid ? 'market' : mode,
  );
  // The trade mode decides which orders show (§6): a mode switch elsewhere (top bar) follows here.
  const seenMode = useRef(mode);
  useEffect(() => {
    if (seenMode.current === mode) return;
    seenMode.current = mode;
    setKind(mode);
  }, [mode]);
  const [marketFilter, setMarketFilter] = useState(0);
  const [optionFilter, setOptionFilter] = useState(0);
  const [market, setMarket] = useState<MarketOrder>();
  const [option, setOption] = useState<OptionOrder>();

  // ?optionUID= opens that option's detail.
  useEffect(() => {
    if (!optionUID) return;
    let live = true;
    void api.call('userOptionDetail', { uid: optionUID }).then((r) => {
      if (live && r.data) setOption(r.data);
    });
    return () => {
      live = false;
    };
  }, [api, optionUID]);

  const optionStatus = OPTION_FILTERS[optionFilter];
  const optionPayload = optionStatus === undefined ? {} : { positionStatus: optionStatus };
  return (
    <main className="screen wallet-screen">
      <ScreenHead title={t('wallet_ui.transactions')} />
      <div className="tabs" role="tablist" aria-label={t('wallet_ui.trade_kind')}>
        {(['market', 'option'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={`tab${kind === k ? ' active' : ''}`}
            onClick={() => setKind(k)}
          >
            {t(`wallet_ui.kind_${k}`)}
          </button>
        ))}
      </div>
      {kind === 'market' ? (
        <>
          <FilterChips
            label={t('wallet_ui.filter')}
            labels={MARKET_FILTERS.map((f) => t(`wallet_ui.market_filter_${f}`))}
            value={marketFilter}
            onChange={setMarketFilter}
          />
          <ExportCsv
            kind="market"
            call="userOrder"
            payload={marketQuery(marketFilter)}
            demo={demo}
          />
          <InfiniteList<MarketOrder>
            key={`market-${marketFilter}-${demo}`}
            label={t('wallet_ui.kind_market')}
            input={{
              call: 'userOrder',
              payload: marketQuery(marketFilter),
              demo,
            }}
            header={(c: InfiniteListContext) => (
              <OpenListed items={c.items} uid={uid} onFound={setMarket} />
            )}
            render={(o) => <MarketOrderRow key={o.id} o={o} onOpen={() => setMarket(o)} />}
          />
        </>
      ) : (
        <>
          <FilterChips
            label={t('wallet_ui.filter')}
            labels={OPTION_FILTERS.map((f) => t(`wallet_ui.option_filter_${f ?? 'all'}`))}
            value={optionFilter}
            onChange={setOptionFilter}
          />
          <ExportCsv kind="option" call="userOptionHistory" payload={optionPayload} demo={demo} />
          <InfiniteList<OptionOrder>
            key={`option-${optionFilter}-${demo}`}
            label={t('wallet_ui.kind_option')}
            input={{
              call: 'userOptionHistory',
              payload: optionPayload,
              demo,
            }}
            render={(o) => <OptionOrderRow key={o.uid} o={o} onOpen={() => setOption(o)} />}
          />
        </>
      )}
      <Drawer
        open={!!market}
        side={desktop}
        title={market ? `${market.tradePair} · ${market.id}` : ''}
        onClose={() => setMarket(undefined)}
      >
        {market && (
          <>
            <p>
              <MarketStatus status={market.positionStatus} />
            </p>
            <OrderFacts o={market} />
          </>
        )}
      </Drawer>
      <Drawer
        open={!!option}
        side={desktop}
        title={option ? `${option.tradePair} · ${option.uid}` : ''}
        onClose={() => setOption(undefined)}
      >
        {option && <OptionFacts o={option} />}
      </Drawer>
    </main>
  );
}
