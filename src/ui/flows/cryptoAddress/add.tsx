/**
 * Add a saved crypto address (/user/wallet/addCrypto): the coin and network
 * picker drawer and the address form; back to the list once saved.
 */
import { useCallback, useEffect, useId } from 'react';
import { useLocation } from 'wouter';
import type { CoinOption } from '../../../machines/cryptoAddress/machine.ts';
import { Drawer } from '../../components/drawer.tsx';
import { TextField } from '../../forms/fields.tsx';
import { Failed, Loading, useCardsTexts } from '../../screens/user/cards-kit.tsx';
import { useNotices } from '../../hooks/use-notices.ts';
import { CoinLogo, CRYPTO_LIST, useCryptoMachine } from './kit.tsx';

/** The address field's limit (the spec's text fields are at most 140 characters). */
const ADDRESS_MAX = 140;

function CoinPicker({
  coins,
  selected,
  onPick,
}: {
  coins: readonly CoinOption[];
  selected: string | undefined;
  onPick: (id: string) => void;
}) {
  return (
    <ul className="choice-list">
      {coins.map((coin) => (
        <li key={coin.id}>
          <button
            type="button"
            className={`choice crypto-address-choice${coin.id === selected ? ' active' : ''}`}
            aria-pressed={coin.id === selected}
            onClick={() => onPick(coin.id)}
          >
            <CoinLogo src={coin.logoUrl} />
            <b>{coin.currency}</b>
            <span className="crypto-address-tag">{coin.protocol}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function AddCryptoBody() {
  const { t } = useCardsTexts();
  const [, navigate] = useLocation();
  const [state, send, actor] = useCryptoMachine({ start: 'add' });
  const c = state.context;
  const pickerId = useId();
  const closePicker = useCallback(() => send({ type: 'picker.close' }), [send]);
  useNotices(actor);
  // Saved (or left): the machine is back on its list, which is the list route.
  const done = state.matches('list');
  useEffect(() => {
    if (done) navigate(CRYPTO_LIST, { replace: true });
  }, [done, navigate]);

  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} onRetry={() => send({ type: 'list.reload' })} />;
  if (state.matches({ add: 'coinsFailed' }))
    return (
      <Failed
        message={t('cards.crypto.coinsFailed')}
        onRetry={() => send({ type: 'coins.reload' })}
      />
    );
  if (!state.matches({ add: 'form' }) && !state.matches({ add: 'saving' })) return <Loading />;

  // Saving, the machine drops a coin pick or an edit: the controls say so.
  const busy = state.hasTag('busy');
  const coin = c.coins.find((x) => x.id === c.coinId);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <div className="field">
        <span className="label" id={`${pickerId}-label`}>
          {t('cards.crypto.coinNetwork')}
        </span>
        <button
          type="button"
          id={pickerId}
          className="input crypto-address-picker"
          aria-labelledby={`${pickerId}-label ${pickerId}`}
          aria-haspopup="dialog"
          aria-invalid={c.errors.coin ? true : undefined}
          aria-describedby={c.errors.coin ? `${pickerId}-err` : undefined}
          disabled={busy}
          onClick={() => send({ type: 'picker.open' })}
        >
          {coin ? (
            <>
              <CoinLogo src={coin.logoUrl} />
              <b>{coin.currency}</b>
              <span className="crypto-address-tag">{coin.protocol}</span>
            </>
          ) : (
            <span className="muted">{t('cards.crypto.choose')}</span>
          )}
          <span className="crypto-address-chevron" aria-hidden="true">
            ▾
          </span>
        </button>
        {c.errors.coin && (
          <span id={`${pickerId}-err`} className="field-error" role="alert">
            {t(c.errors.coin)}
          </span>
        )}
      </div>
      <TextField
        label={t('cards.crypto.address')}
        value={c.address}
        onValue={(value) => send({ type: 'field.change', field: 'address', value })}
        error={c.errors.address}
        readOnly={busy}
        maxLength={ADDRESS_MAX}
        autoComplete="off"
        spellCheck={false}
        className="input cards-mono"
        hint={t('cards.crypto.addressHint')}
      />
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy} aria-busy={busy}>
          {busy ? t('common.loading') : t('cards.save')}
        </button>
      </div>
      <Drawer open={state.hasTag('drawer')} title={t('cards.crypto.choose')} onClose={closePicker}>
        <CoinPicker
          coins={c.coins}
          selected={c.coinId}
          onPick={(id) => send({ type: 'coin.select', id })}
        />
      </Drawer>
    </form>
  );
}
