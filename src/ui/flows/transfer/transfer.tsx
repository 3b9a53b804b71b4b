/** My wallet: the transfer drawer's form (Transfer in / Transfer out). */
import { useEffect, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { WalletItem } from '../../../api/types/user.ts';
import { transferActors } from '../../../machines/transfer/actors.ts';
import { transferMachine } from '../../../machines/transfer/machine.ts';
import { useNotices } from '../../hooks/use-notices.ts';
import { useServices } from '../../services-context.tsx';
import { TextField } from '../../forms/fields.tsx';
import { Num, NumUnit } from '../../components/num.tsx';
import { FIGURE } from '../../figures.ts';
import { inspected } from '../../../machines/inspect.ts';
import './transfer.css';

/** The drawer's transfer form (transferMachine), for one row and direction. */
export function TransferForm({
  row,
  usd,
  type,
  onReload,
  onDone,
}: {
  row: WalletItem;
  usd: WalletItem | undefined;
  type: 0 | 1;
  onReload: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send, actor] = useMachine(
    transferMachine.provide({ actors: transferActors(api) }),
    { ...inspected, input: { curr: row.currency, currId: row.currencyId, type, unit: row.unit } },
  );
  const c = state.context;
  const busy = state.hasTag('busy');
  // Asked of the machine (submitting and the reload after it drop a new amount): read-only,
  // so a focused field keeps focus.
  const inert = !state.can({ type: 'field.change', field: 'num', value: '' });
  useEffect(() => {
    const sub = actor.on('balance.reload', onReload);
    return () => sub.unsubscribe();
  }, [actor, onReload]);
  useNotices(actor);
  const ended = useRef(false);
  useEffect(() => {
    if (!state.hasTag('done') || ended.current) return;
    ended.current = true;
    onDone();
  }, [state, onDone]);

  const from = type === 0 ? 'USD' : row.currency;
  const to = type === 0 ? row.currency : 'USD';
  const available =
    type === 0 ? (c.balances?.usd ?? usd?.balance ?? '0') : (c.balances?.coin ?? row.balance);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <p className="transfer-route">
        <b>{from}</b> → <b>{to}</b>
      </p>
      <dl className="kv">
        <dt>{t('wallet_ui.available')}</dt>
        <dd>
          <Num kind="amount" unit={from} value={available} figure={FIGURE.walletCoin(from)} />{' '}
          {from}
        </dd>
      </dl>
      <TextField
        label={t('wallet_ui.amount_in', { coin: row.currency })}
        inputMode="decimal"
        autoComplete="off"
        value={c.num}
        onValue={(value) => send({ type: 'field.change', field: 'num', value })}
        error={c.errors.num}
        readOnly={inert}
      />
      <dl className="kv" aria-live="polite">
        <dt>{t('position.fee')}</dt>
        <dd>
          <NumUnit kind="fee" unit={row.currency} value={c.fee} />
          {state.matches({ editing: 'calculating' }) && (
            <span className="spinner small" role="status" aria-label={t('wallet_ui.calculating')} />
          )}
        </dd>
        <dt>{t('wallet_ui.practical')}</dt>
        <dd>
          <NumUnit kind="amount" unit={row.currency} value={c.practical} />
        </dd>
      </dl>
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={busy}
          aria-busy={state.matches('submitting')}
        >
          {state.matches('submitting') ? t('common.loading') : t('common.confirm')}
        </button>
      </div>
    </form>
  );
}
