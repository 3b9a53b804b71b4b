/**
 * Saved crypto withdrawal addresses (user-centre.md §2 "Crypto list, add,
 * delete"): the list (/user/wallet/crypto), add (/user/wallet/addCrypto) with
 * the coin and network picker drawer, and delete
 * (/user/wallet/deleteCrypto?walletId=…) with its confirm drawer, all on
 * cryptoAddressMachine started on the route's part. Moving to another part
 * is a route change (each route is a screen); when the machine comes back to
 * its list after a save or a delete, the view goes to the list route.
 * Hidden when crypto withdraw is disabled (NO_WALLET_WITHDRAW) and for the
 * demo account.
 *
 * The helpers at the end are shared by the other screens of this area (bank
 * cards, loan).
 */
import { useCallback, useEffect, useId } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import {
  cryptoAddressActors,
  cryptoAddressMachine,
  type CoinOption,
  type CryptoAddressInput,
  type SavedWallet,
} from '../../../machines/cryptoAddressMachine.ts';
import { TOAST_MS } from '../../../config/constants.ts';
import { site } from '../../../state/site.ts';
import { showToast } from '../../../state/toasts.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { BackLink } from '../../components/back-link.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { TextField } from '../../forms/fields.tsx';
import './cards.css';

export const CRYPTO_LIST = '/user/wallet/crypto';
const ADD_CRYPTO = '/user/wallet/addCrypto';
/** The address field's limit (the spec's text fields are at most 140 characters). */
const ADDRESS_MAX = 140;

/** The delete route with the query the spec names (§2 route table). */
const deleteHref = (w: SavedWallet) =>
  `/user/wallet/deleteCrypto?${new URLSearchParams({
    currencyId: w.currencyId,
    walletId: w.walletId,
    currencyName: w.currencyName,
    protocol: w.protocol,
    cryptocurrencyAddress: w.address,
  }).toString()}`;

/** Crypto screens are for real accounts with saved-address withdrawals on. */
function useCryptoAvailable(): boolean {
  const { flags } = useSnapshot(site);
  const demo = useDemo();
  return useAvailable(flags.NO_WALLET_WITHDRAW !== true && !demo);
}

function useCryptoMachine(input: CryptoAddressInput) {
  const { api } = useServices();
  return useMachine(cryptoAddressMachine.provide({ actors: cryptoAddressActors(api) }), {
    input,
  });
}

function CoinLogo({ src }: { src: string }) {
  return src ? <img className="cards-logo" src={src} alt="" width={32} height={32} /> : null;
}

function WalletRow({ w }: { w: SavedWallet }) {
  return (
    <li>
      <Link href={deleteHref(w)} className="cards-item">
        <CoinLogo src={w.logoUrl} />
        <span className="cards-item-body">
          <span className="cards-item-title">
            <b>{w.currencyName}</b> <span className="cards-tag">{w.protocol}</span>
          </span>
          <span className="cards-address">{w.address}</span>
        </span>
        <span className="cards-chevron" aria-hidden="true">
          ›
        </span>
      </Link>
    </li>
  );
}

export function CryptoList() {
  const { t } = useCardsTexts();
  const ok = useCryptoAvailable();
  return (
    <main className="screen cards-screen">
      <ScreenHead back="/user" title={t('cards.crypto.title')} />
      {ok && <CryptoListBody />}
    </main>
  );
}

function CryptoListBody() {
  const { t } = useCardsTexts();
  const [state, send] = useCryptoMachine({ start: 'list' });
  const c = state.context;
  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} retry={() => send({ type: 'list.reload' })} />;
  if (state.hasTag('busy')) return <Loading />;
  if (c.wallets.length === 0)
    return (
      <div className="empty-state">
        <p>{t('cards.crypto.empty')}</p>
        <Link href={ADD_CRYPTO} className="btn primary">
          {t('add_crypto_wallet')}
        </Link>
      </div>
    );
  return (
    <>
      <ul className="cards-list" aria-label={t('cards.crypto.list')}>
        {c.wallets.map((w) => (
          <WalletRow key={w.walletId} w={w} />
        ))}
      </ul>
      <div className="form-actions">
        <Link href={ADD_CRYPTO} className="btn primary block">
          {t('add_crypto_wallet')}
        </Link>
      </div>
    </>
  );
}

export function AddCrypto() {
  const { t } = useCardsTexts();
  const ok = useCryptoAvailable();
  return (
    <main className="screen cards-screen">
      <ScreenHead back={CRYPTO_LIST} title={t('add_crypto_wallet')} />
      {ok && <AddCryptoBody />}
    </main>
  );
}

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
            className={`choice cards-choice${coin.id === selected ? ' active' : ''}`}
            aria-pressed={coin.id === selected}
            onClick={() => onPick(coin.id)}
          >
            <CoinLogo src={coin.logoUrl} />
            <b>{coin.currency}</b>
            <span className="cards-tag">{coin.protocol}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function AddCryptoBody() {
  const { t } = useCardsTexts();
  const [, navigate] = useLocation();
  const [state, send] = useCryptoMachine({ start: 'add' });
  const c = state.context;
  const pickerId = useId();
  const closePicker = useCallback(() => send({ type: 'picker.close' }), [send]);
  useNotice(c.notice);
  // Saved (or left): the machine is back on its list, which is the list route.
  const done = state.matches('list');
  useEffect(() => {
    if (done) navigate(CRYPTO_LIST, { replace: true });
  }, [done, navigate]);

  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} retry={() => send({ type: 'list.reload' })} />;
  if (state.matches({ add: 'coinsFailed' }))
    return (
      <Failed
        message={t('cards.crypto.coinsFailed')}
        retry={() => send({ type: 'coins.reload' })}
      />
    );
  if (!state.matches({ add: 'form' }) && !state.matches({ add: 'saving' })) return <Loading />;

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
          className="input cards-picker"
          aria-labelledby={`${pickerId}-label ${pickerId}`}
          aria-haspopup="dialog"
          aria-invalid={c.errors.coin ? true : undefined}
          aria-describedby={c.errors.coin ? `${pickerId}-err` : undefined}
          onClick={() => send({ type: 'picker.open' })}
        >
          {coin ? (
            <>
              <CoinLogo src={coin.logoUrl} />
              <b>{coin.currency}</b>
              <span className="cards-tag">{coin.protocol}</span>
            </>
          ) : (
            <span className="muted">{t('cards.crypto.choose')}</span>
          )}
          <span className="cards-chevron" aria-hidden="true">
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
        maxLength={ADDRESS_MAX}
        autoComplete="off"
        spellCheck={false}
        className="input cards-mono"
        hint={t('cards.crypto.addressHint')}
      />
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy}>
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

export function DeleteCrypto() {
  const { t } = useCardsTexts();
  const ok = useCryptoAvailable();
  return (
    <main className="screen cards-screen">
      <ScreenHead back={CRYPTO_LIST} title={t('cards.crypto.deleteTitle')} />
      {ok && <DeleteCryptoBody />}
    </main>
  );
}

function DeleteCryptoBody() {
  const { t } = useCardsTexts();
  const [, navigate] = useLocation();
  const walletId = new URLSearchParams(useSearch()).get('walletId') ?? undefined;
  const [state, send] = useCryptoMachine({ start: 'delete', walletId });
  const c = state.context;
  const cancel = useCallback(() => send({ type: 'delete.cancel' }), [send]);
  useNotice(c.notice);
  // Deleted, or no such saved address: the list.
  const done = state.matches('list');
  useEffect(() => {
    if (done) navigate(CRYPTO_LIST, { replace: true });
  }, [done, navigate]);

  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} retry={() => send({ type: 'list.reload' })} />;
  const w = c.selected;
  if (!state.matches('detail') || !w) return <Loading />;
  const deleting = state.matches({ detail: 'deleting' });
  return (
    <>
      <section className="cards-panel" aria-label={t('cards.crypto.detail')}>
        <div className="cards-item-title">
          <CoinLogo src={w.logoUrl} />
          <b>{w.currencyName}</b> <span className="cards-tag">{w.protocol}</span>
        </div>
        <dl className="cards-facts">
          <dt>{t('cards.crypto.coin')}</dt>
          <dd>{w.currencyName}</dd>
          <dt>{t('cards.crypto.network')}</dt>
          <dd>{w.protocol}</dd>
          <dt>{t('cards.crypto.address')}</dt>
          <dd className="cards-address">{w.address}</dd>
        </dl>
      </section>
      <div className="form-actions">
        <button
          type="button"
          className="btn block cards-danger"
          disabled={deleting}
          onClick={() => send({ type: 'delete.open' })}
        >
          {deleting ? t('common.loading') : t('cards.delete')}
        </button>
      </div>
      <ConfirmDrawer
        open={state.hasTag('drawer')}
        title={t('cards.crypto.deleteTitle')}
        text={t('cards.crypto.deleteConfirm')}
        onCancel={cancel}
        onConfirm={() => send({ type: 'delete.confirm' })}
      />
    </>
  );
}

/* ---------- shared by this area's screens ---------- */

/** The area's texts (kept as a name for its screens; plain useTranslation). */
export const useCardsTexts = useTranslation;

/** When a screen is not available: back to /user with a short notice. */
export function useAvailable(available: boolean): boolean {
  const { t } = useCardsTexts();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (available) return;
    showToast(t('cards.unavailable'), 'info', TOAST_MS);
    navigate('/user', { replace: true });
  }, [available, navigate, t]);
  return available;
}

/** Toast a machine's notice once. */
export function useNotice(notice: { key: string; kind: 'success' | 'error' } | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (notice) showToast(t(notice.key), notice.kind, TOAST_MS);
  }, [notice, t]);
}

export function ScreenHead({ back, title }: { back: string; title: string }) {
  return (
    <header className="screen-header cards-head">
      <BackLink to={back} />
      <h1 className="screen-title">{title}</h1>
    </header>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
      <div className="skeleton-row" />
      <div className="skeleton-row" />
      <div className="skeleton-row" />
    </div>
  );
}

export function Failed({ message, retry }: { message: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="alert">
      <p>{message}</p>
      <button type="button" className="btn" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** A delete confirmation in a bottom sheet (side drawer on desktop). */
export function ConfirmDrawer({
  open,
  title,
  text,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} title={title} onClose={onCancel}>
      <p>{text}</p>
      <div className="form-actions row">
        <button type="button" className="btn" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn cards-danger-fill" onClick={onConfirm}>
          {t('common.confirm')}
        </button>
      </div>
    </Drawer>
  );
}
