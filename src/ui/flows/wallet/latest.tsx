/** My wallet, overview: the latest records (trades, deposits and withdrawals). */
import type { ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../../i18n/react.tsx';
import { Link, useLocation } from 'wouter';
import type { MarketOrder, OptionOrder } from '../../../api/types/trading.ts';
import { infiniteListActors } from '../../../machines/shared/infiniteList/actors.ts';
import {
  infiniteListMachine,
  type InfiniteListInput,
} from '../../../machines/shared/infiniteList/machine.ts';
import { preferences } from '../../../state/preferences.ts';
import { useServices } from '../../services-context.tsx';
import { MarketOrderRow, OptionOrderRow } from '../../screens/user/records.tsx';
import { Skeletons } from '../../screens/user/my-wallet-kit.tsx';
import { inspected } from '../../../machines/inspect.ts';

/** How many of each record the overview shows (§9). */
const LATEST = 5;

/** The first page (5 items) of a list: the overview's latest records. */
export function Latest<T>({
  title,
  input,
  render,
  all,
}: {
  title: string;
  input: InfiniteListInput;
  render: (item: T) => ReactNode;
  all: string;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send] = useMachine(
    infiniteListMachine.provide({ actors: infiniteListActors(api) }),
    { ...inspected, input: { ...input, limit: LATEST } },
  );
  const items = (state.context.items as T[]).slice(0, LATEST);
  const first = state.hasTag('busy') && state.context.page === 0;
  return (
    <section className="wallet-section" aria-label={title}>
      <div className="wallet-section-head">
        <h2 className="section-title">{title}</h2>
        <Link href={all} className="link-btn">
          {t('wallet_ui.view_all')}
        </Link>
      </div>
      {first ? (
        <Skeletons n={2} />
      ) : state.context.failure !== undefined && !items.length ? (
        <div className="empty-state">
          <p>{t('wallet_ui.load_failed')}</p>
          <button type="button" className="btn" onClick={() => send({ type: 'list.reload' })}>
            {t('common.retry')}
          </button>
        </div>
      ) : items.length ? (
        <ul className="order-list">{items.map(render)}</ul>
      ) : (
        <p className="empty-state">{t('list.empty')}</p>
      )}
    </section>
  );
}

export function LatestTrades() {
  const { t } = useTranslation();
  const { config } = useServices();
  const { tradeMode } = useSnapshot(preferences);
  const [, navigate] = useLocation();
  const list = '/user/wallet/transactionList';
  if ((tradeMode ?? config.defaultTradeMode) === 'option') {
    return (
      <Latest<OptionOrder>
        title={t('wallet_ui.latest_trades')}
        all={list}
        input={{ call: 'userOptionHistory' }}
        render={(o) => (
          <OptionOrderRow
            key={o.uid}
            o={o}
            onOpen={() => navigate(`${list}?optionUID=${encodeURIComponent(o.uid)}`)}
          />
        )}
      />
    );
  }
  return (
    <Latest<MarketOrder>
      title={t('wallet_ui.latest_trades')}
      all={list}
      input={{ call: 'userOrder' }}
      render={(o) => (
        <MarketOrderRow
          key={o.id}
          o={o}
          onOpen={() => navigate(`${list}?uid=${encodeURIComponent(o.id)}`)}
        />
      )}
    />
  );
}
