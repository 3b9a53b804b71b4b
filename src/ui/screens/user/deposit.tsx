/**
 * Deposit (/user/deposit): the deposit machine's view (user-centre.md §2
 * "Deposit", §4 "Deposit", §5 "Deposit" and "Images").
 * - Tabs among the configured deposit types; crypto step one: the coin and
 *   network picker (a drawer), the address with its QR code (unless
 *   depositHideQRCode) and copy; Next → step two: amount, proof image,
 *   agreement (link to /user/agreement), submit; the back arrow returns to
 *   step one. Bank: the user's cards and online customer service.
 * - The form is kept in session storage only while /user/agreement is open:
 *   the agreement link sends `agreement.open` (the machine stores it); back on
 *   /user/deposit the kept form is the machine's `restored` input (the
 *   machine clears it on start); any other navigation from the agreement
 *   page sends `navigate.away` (the machine's clearStoredForm).
 * - Images: heic/jpg/jpeg/png up to 10 MB (the machine's rules). Over 0.3 MB
 *   they are redrawn on a canvas (max 1920 px, JPEG 0.75; HEIC always, at
 *   0.7). A browser that cannot decode HEIC sends the file as chosen: the
 *   machine's extension and size rules and the server decide.
 * Unavailable (demo account, deposits disabled, no deposit type): back to
 * /user with a notice.
 */
import { QrCode } from '../../components/qr.tsx';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { createActor } from 'xstate';
import { TOAST_MS } from '../../../config/constants.ts';
import {
  depositActors,
  depositMachine,
  restoreDepositForm,
  type DepositForm,
  type DepositInput,
} from '../../../machines/depositMachine.ts';
import { readImage } from '../../../machines/validation/wallet.ts';
import { site } from '../../../state/site.ts';
import { showToast } from '../../../state/toasts.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { Drawer } from '../../components/drawer.tsx';
import { IconBack } from '../../components/icons.tsx';
import { TextField } from '../../forms/fields.tsx';
import { useAvailable, WalletHead } from './my-wallet.tsx';
import './wallet.css';

/** §9: images over 0.3 MB are compressed (quality 0.75, max 1920 px); HEIC becomes JPEG at 0.7. */
const COMPRESS_OVER = 0.3 * 1024 * 1024;
const MAX_SIDE = 1920;
const ACCEPT = '.heic,.jpg,.jpeg,.png,image/jpeg,image/png,image/heic';

async function toJpeg(blob: Blob, quality: number): Promise<Blob | null> {
  const bmp = await createImageBitmap(blob);
  const scale = Math.min(1, MAX_SIDE / Math.max(bmp.width, bmp.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bmp.width * scale);
  canvas.height = Math.round(bmp.height * scale);
  const g = canvas.getContext('2d');
  if (!g) return null;
  // JPEG has no transparency: a white ground instead of black.
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bmp, 0, 0, canvas.width, canvas.height);
  bmp.close();
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** The machine's prepareImage: compressed (or converted) when it should be, then read. */
export async function prepareImage(blob: Blob): Promise<string> {
  const name = (blob as File).name?.toLowerCase() ?? '';
  const heic = /heic|heif/.test(blob.type) || name.endsWith('.heic');
  if (heic || blob.size > COMPRESS_OVER) {
    try {
      const out = await toJpeg(blob, heic ? 0.7 : 0.75);
      if (out && (heic || out.size < blob.size)) return await readImage(out);
    } catch {
      // Not decodable here (HEIC on most browsers): sent as chosen.
    }
  }
  return readImage(blob);
}

/** Clear the kept form with the machine's own action (`navigate.away`). */
function clearKeptForm() {
  const a = createActor(depositMachine, { input: { types: [] } });
  a.start();
  a.send({ type: 'navigate.away' });
  a.stop();
}

const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState'];
let watching = false;
/** While the agreement page is open: leaving it for anywhere but the deposit clears the kept form. */
function watchAgreementVisit() {
  if (watching) return;
  watching = true;
  const check = () => {
    const path = window.location.pathname;
    if (path.endsWith('/user/agreement')) return;
    watching = false;
    for (const e of LOCATION_EVENTS) removeEventListener(e, check);
    if (!path.endsWith('/user/deposit')) clearKeptForm();
  };
  for (const e of LOCATION_EVENTS) addEventListener(e, check);
}

function CryptoTab({
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
        aria-label={`${t('wallet_ui.coin_network')}: ${coin ? `${coin.currency} ${coin.protocol}` : '—'}`}
      >
        {coin && <img src={coin.logoUrl} alt="" width={32} height={32} />}
        <span className="coin-main">
          <b>{coin?.currency ?? '—'}</b>
          <span className="muted small">{coin?.protocol}</span>
        </span>
        {!step2 && <span className="muted">›</span>}
      </button>
      {step2 ? (
        <DepositDetails state={state} send={send} />
      ) : (
        <AddressStep {...{ coin, c, onCopy }} />
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
                <img src={n.logoUrl} alt="" width={28} height={28} />
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
          fallback={<p className="qr-hidden">{t('wallet_ui.qr_unavailable')}</p>}
        />
      ) : (
        <p className="qr-hidden" role="note">
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

function DepositDetails({
  state,
  send,
}: {
  state: ReturnType<typeof useDeposit>[0];
  send: ReturnType<typeof useDeposit>[1];
}) {
  const { t } = useTranslation();
  const c = state.context;
  const coin = c.coins.find((n) => n.id === c.coinId);
  const file = useRef<HTMLInputElement>(null);
  const preparing = state.matches({ crypto: { details: 'preparing' } });
  const submitting = state.matches({ crypto: 'submitting' });
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <TextField
        label={t('wallet_ui.deposit_amount', { coin: coin?.currency ?? '' })}
        inputMode="decimal"
        autoComplete="off"
        value={c.amount}
        onValue={(value) => send({ type: 'field.change', field: 'amount', value })}
        error={c.errors.amount}
      />
      <div className="field">
        <label htmlFor="deposit-proof">{t('wallet_ui.deposit_proof')}</label>
        {c.proof ? (
          <div className="proof">
            <img src={c.proof.url} alt={t('wallet_ui.proof_preview')} />
            <button type="button" className="btn" onClick={() => send({ type: 'proof.remove' })}>
              {t('wallet_ui.remove_proof')}
            </button>
          </div>
        ) : preparing ? (
          <span className="spinner small" role="status" aria-label={t('common.loading')} />
        ) : null}
        <input
          ref={file}
          id="deposit-proof"
          className="input file-input"
          type="file"
          accept={ACCEPT}
          aria-invalid={c.errors.proof ? true : undefined}
          aria-describedby={c.errors.proof ? 'deposit-proof-err' : undefined}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) {
              send({
                type: 'proof.select',
                file: { name: f.name, size: f.size, type: f.type },
                blob: f,
              });
            }
            // The same file may be chosen again after a removal.
            e.target.value = '';
          }}
        />
        <span className="muted small">{t('wallet_ui.image_rules')}</span>
        {c.errors.proof && (
          <span id="deposit-proof-err" className="field-error" role="alert">
            {t(c.errors.proof)}
          </span>
        )}
      </div>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={c.agreed}
            onChange={() => send({ type: 'agreement.toggle' })}
            aria-invalid={c.errors.agreement ? true : undefined}
          />
          {t('wallet_ui.agree')}
        </label>
        <Link
          href="/user/agreement"
          className="link-btn"
          onClick={() => {
            send({ type: 'agreement.open' });
            watchAgreementVisit();
          }}
        >
          {t('wallet_ui.agreement')}
        </Link>
        {c.errors.agreement && (
          <span className="field-error" role="alert">
            {t(c.errors.agreement)}
          </span>
        )}
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={state.hasTag('busy')}
          aria-busy={submitting}
        >
          {submitting ? t('common.loading') : t('wallet_ui.submit')}
        </button>
      </div>
    </form>
  );
}

function BankTab({
  state,
  send,
}: {
  state: ReturnType<typeof useDeposit>[0];
  send: ReturnType<typeof useDeposit>[1];
}) {
  const { t } = useTranslation();
  const c = state.context;
  return (
    <section aria-label={t('wallet_ui.tab_bank')}>
      {state.matches({ bank: 'loading' }) ? (
        <div className="skeleton-row" role="status" aria-label={t('common.loading')} />
      ) : state.hasTag('error') ? (
        <div className="empty-state">
          <p>{t('wallet_ui.load_failed')}</p>
          <button type="button" className="btn" onClick={() => send({ type: 'load.retry' })}>
            {t('common.retry')}
          </button>
        </div>
      ) : c.bankCards.length ? (
        <ul className="menu" aria-label={t('wallet_ui.bank_cards')}>
          {c.bankCards.map((card) => (
            <li key={card.id} className="menu-row">
              <span>{card.bankName}</span>
              <span className="end">•••• {card.account.slice(-4)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t('wallet_ui.no_bank_card')}</p>
      )}
      <p className="notice-box">{t('bank_contact_service')}</p>
      <div className="form-actions">
        <button
          type="button"
          className="btn primary block"
          onClick={() => send({ type: 'service.open' })}
        >
          {t('service.title')}
        </button>
      </div>
    </section>
  );
}

function useDeposit(input: DepositInput) {
  const { api } = useServices();
  const [, navigate] = useLocation();
  return useMachine(
    depositMachine.provide({
      actors: depositActors(api, { prepare: prepareImage }),
      actions: { openService: () => navigate('/user/service') },
    }),
    { input },
  );
}

function DepositScreen({ input }: { input: DepositInput }) {
  const { t } = useTranslation();
  const [state, send, actor] = useDeposit(input);
  const c = state.context;
  const disabled = state.hasTag('disabled');
  useAvailable(!disabled);
  // Any navigation but the agreement page clears the kept form. (This screen
  // may stay mounted while the agreement page loads, and show again on Back.)
  const [location] = useLocation();
  useEffect(() => {
    if (c.stored && !location.endsWith('/user/agreement')) send({ type: 'navigate.away' });
  }, [location, c.stored, send]);

  // The success notice shows when a submission ends with it.
  const wasSubmitting = useRef(false);
  const submitting = state.matches({ crypto: 'submitting' });
  useEffect(() => {
    if (submitting) wasSubmitting.current = true;
    else if (wasSubmitting.current) {
      wasSubmitting.current = false;
      if (c.notice) showToast(t(c.notice.key), 'success', TOAST_MS);
    }
  }, [submitting, c.notice, t]);

  const copy = () => {
    send({ type: 'address.copy' });
    const n = actor.getSnapshot().context.notice;
    if (n) showToast(t(n.key), 'success', TOAST_MS);
  };

  if (disabled) return null;
  const step2 = c.tab === 'crypto' && c.step === 2;
  return (
    <main className="screen wallet-screen">
      {step2 ? (
        <>
          <header className="screen-header">
            <button
              type="button"
              className="icon-btn"
              aria-label={t('common.back')}
              onClick={() => send({ type: 'step.back' })}
              disabled={state.hasTag('busy')}
            >
              <IconBack />
            </button>
          </header>
          <h1 className="screen-title">{t('my.deposit')}</h1>
        </>
      ) : (
        <WalletHead title={t('my.deposit')} />
      )}
      {c.tabs.length > 1 && !step2 && (
        <div className="tabs" role="tablist" aria-label={t('my.deposit')}>
          {c.tabs.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={c.tab === k}
              className={`tab${c.tab === k ? ' active' : ''}`}
              onClick={() => send({ type: 'tab.select', tab: k })}
            >
              {t(`wallet_ui.tab_${k}`)}
            </button>
          ))}
        </div>
      )}
      {step2 && <p className="muted">{t('wallet_ui.step_2')}</p>}
      {c.tab === 'crypto' ? (
        <CryptoTab state={state} send={send} onCopy={copy} />
      ) : (
        <BankTab state={state} send={send} />
      )}
    </main>
  );
}

/**
 * The user's walletType (1: deposits from own wallets). The session's user
 * does not carry it, so it is read from user info here.
 */
function useWalletType(): number | undefined {
  const { api } = useServices();
  const [walletType, setWalletType] = useState<number>();
  useEffect(() => {
    let live = true;
    void api.call('userInfo', undefined, { noAlert: true }).then((r) => {
      if (live) setWalletType(r.data?.walletType ?? 0);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return walletType;
}

export function Deposit() {
  const { i18n } = useTranslation();
  const { config } = useServices();
  const { flags } = useSnapshot(site);
  const demo = useDemo();
  const walletType = useWalletType();
  const ok = useAvailable(!demo && !flags.depositDisabled);
  // The kept form is read once, as the page opens (the machine then clears it).
  const [restored] = useState<DepositForm | undefined>(() => restoreDepositForm());
  const input = useMemo<DepositInput | undefined>(
    () =>
      walletType === undefined
        ? undefined
        : {
            types: config.depositTypes,
            hideCrypto: !!flags.depositHideCrypto,
            hideQRCode: !!flags.depositHideQRCode,
            walletType,
            locale: i18n.language,
            ...(restored ? { restored } : {}),
          },
    // The machine reads its input once: later changes do not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [walletType === undefined],
  );
  if (!ok) return null;
  if (!input) {
    return (
      <main className="screen wallet-screen" aria-busy="true">
        <div className="skeleton-row" role="status" aria-label={i18n.t('common.loading')} />
      </main>
    );
  }
  return <DepositScreen input={input} />;
}
