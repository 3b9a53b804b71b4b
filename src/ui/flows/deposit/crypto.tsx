/** Deposit, crypto tab: the coin and network picker, step one (the address) and step two. */
import { QrCode } from '../../components/qr.tsx';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Drawer } from '../../components/drawer.tsx';
import type { useDeposit } from './hooks.ts';
import { DepositDetails } from './details.tsx';
import { DepositMinimum } from './minimum.tsx';
import { ServerImg } from '../../components/server-img.tsx';

export function CryptoTab({
  state,
  send,
  onCopy,
}: {
  state: ReturnType<typeof useDeposit>[0];
  send: ReturnType<typeof useDeposit>[1];
  onCopy: () => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const c = state.context;
  const coin = c.coins.find((n) => n.id === c.coinId);

  if (state.matches({ crypto: 'loading' })) {
    return (
      <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
        <div className="skeleton-row" />
        <div className="skeleton-row" />
      </div>
    );
  }
  if (state.hasTag('error')) {
    return (
      <div className="empty-state">
        <p>{t('wallet_ui.load_failed')}</p>
        <button type="button" className="btn" onClick={() => send({ type: 'load.retry' })}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (state.hasTag('empty')) {
    return (
      <div className="empty-state">
        <p>{t(c.walletType === 1 ? 'wallet_ui.no_own_wallet' : 'wallet_ui.no_coin')}</p>
      </div>
    );
  }
  const step2 = c.step === 2;
  return (
    <>
      <button
        type="button"
        className="card coin-picker"
        onClick={() => setPicking(true)}
        disabled={step2}
      >
        {/* The name is the visible text after a hidden prefix (WCAG 2.5.3, label in name). */}
        <span className="visually-hidden">{t('wallet_ui.coin_network')}: </span>
        {coin && <ServerImg src={coin.logoUrl} alt="" width={32} height={32} />}
        <span className="coin-main">
          <b>{coin?.currency ?? '—'}</b> <span className="muted small">{coin?.protocol}</span>
        </span>
        {!step2 && (
          <span className="muted" aria-hidden="true">
            ›
          </span>
        )}
      </button>
      {step2 ? (
        <DepositDetails state={state} send={send} />
      ) : (
        <>
          <AddressStep {...{ coin, c, onCopy }} />
          {coin && <DepositMinimum c={c} />}
        </>
      )}
      {!step2 && (
        <div className="form-actions">
          <button
            type="button"
            className="btn primary block"
            disabled={!coin}
            onClick={() => send({ type: 'step.next' })}
          >
            {t('common.next')}
          </button>
        </div>
      )}
      <Drawer open={picking} title={t('wallet_ui.choose_coin')} onClose={() => setPicking(false)}>
        <ul className="choice-list" aria-label={t('wallet_ui.coin_network')}>
          {c.coins.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={`choice coin-choice${n.id === c.coinId ? ' active' : ''}`}
                aria-pressed={n.id === c.coinId}
                onClick={() => {
                  send({ type: 'coin.select', id: n.id });
                  setPicking(false);
                }}
              >
                <ServerImg src={n.logoUrl} alt="" width={28} height={28} />
                <span>
                  {n.currency} <span className="muted">{n.protocol}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Drawer>
    </>
  );
}

function AddressStep({
  coin,
  c,
  onCopy,
}: {
  coin: { address: string; currency: string; protocol: string } | undefined;
  c: { showQR: boolean };
  onCopy: () => void;
}) {
  const { t } = useTranslation();
  if (!coin) return null;
  return (
    <section className="deposit-address" aria-label={t('wallet_ui.deposit_address')}>
      {c.showQR ? (
        <QrCode
          text={coin.address}
          label={t('wallet_ui.qr_of', { coin: `${coin.currency} ${coin.protocol}` })}
          fallback={<p className="deposit-qr-hidden">{t('wallet_ui.qr_unavailable')}</p>}
        />
      ) : (
        <p className="deposit-qr-hidden" role="note">
          {t('wallet_ui.qr_hidden')}
        </p>
      )}
      <div className="field">
        <span className="label">{t('wallet_ui.deposit_address')}</span>
        <div className="input-row">
          <code className="address" data-testid="deposit-address">
            {coin.address}
          </code>
          <button type="button" className="btn" onClick={onCopy}>
            {t('wallet_ui.copy')}
          </button>
        </div>
      </div>
      <p className="muted small">{t('wallet_ui.deposit_hint', { coin: coin.currency })}</p>
    </section>
  );
}
