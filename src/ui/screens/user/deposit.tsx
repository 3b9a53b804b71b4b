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
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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

// ---- QR code (byte mode, error correction M, versions 1–6: up to 106 bytes)
// A small encoder of our own, so no package is added; longer text shows the fallback.

/** Per version 1..6 (ECC M): data codewords, EC codewords per block, blocks. */
const QR_SPEC = [
  [16, 10, 1],
  [28, 16, 1],
  [44, 26, 1],
  [64, 18, 2],
  [86, 24, 2],
  [108, 16, 4],
] as const;

function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsRemainder(data: number[], degree: number): number[] {
  const div = new Array<number>(degree).fill(0);
  div[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      div[j] = gfMul(div[j]!, root) ^ (j + 1 < degree ? div[j + 1]! : 0);
    }
    root = gfMul(root, 2);
  }
  const rem = new Array<number>(degree).fill(0);
  for (const b of data) {
    const factor = b ^ rem.shift()!;
    rem.push(0);
    div.forEach((coef, i) => (rem[i]! ^= gfMul(coef, factor)));
  }
  return rem;
}

/** The codewords of `bytes` in the smallest version that holds them, or undefined. */
function qrCodewords(bytes: Uint8Array): { version: number; words: number[] } | undefined {
  const v = QR_SPEC.findIndex(([data]) => bytes.length <= data - 2);
  if (v < 0) return undefined;
  const [dataLen, ecLen, blocks] = QR_SPEC[v]!;
  const bits: number[] = [];
  const put = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  bytes.forEach((b) => put(b, 8));
  put(0, Math.min(4, dataLen * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(''), 2));
  for (let pad = 0xec; data.length < dataLen; pad ^= 0xec ^ 0x11) data.push(pad);
  const per = dataLen / blocks;
  const chunks = Array.from({ length: blocks }, (_, i) => data.slice(i * per, (i + 1) * per));
  const ecs = chunks.map((c) => rsRemainder(c, ecLen));
  const words: number[] = [];
  for (let i = 0; i < per; i++) chunks.forEach((c) => words.push(c[i]!));
  for (let i = 0; i < ecLen; i++) ecs.forEach((e) => words.push(e[i]!));
  return { version: v + 1, words };
}

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** A simplified penalty (runs, 2×2 blocks, balance) to choose the mask. */
function penalty(m: boolean[][]): number {
  const n = m.length;
  let score = 0;
  let dark = 0;
  for (let a = 0; a < n; a++) {
    for (const horizontal of [true, false]) {
      let run = 1;
      for (let b = 1; b <= n; b++) {
        const same = b < n && (horizontal ? m[a]![b] === m[a]![b - 1] : m[b]![a] === m[b - 1]![a]);
        if (same) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
    }
    for (let b = 0; b < n; b++) {
      if (m[a]![b]) dark++;
      if (a + 1 < n && b + 1 < n) {
        const c = m[a]![b];
        if (c === m[a]![b + 1] && c === m[a + 1]![b] && c === m[a + 1]![b + 1]) score += 3;
      }
    }
  }
  return score + 10 * Math.floor(Math.abs((dark * 100) / (n * n) - 50) / 5);
}

/** The QR matrix of a text (true = dark), or undefined when it is too long. */
export function qrMatrix(text: string): boolean[][] | undefined {
  const cw = qrCodewords(new TextEncoder().encode(text));
  if (!cw) return undefined;
  const size = 17 + 4 * cw.version;
  const base = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, dark: boolean) => {
    base[y]![x] = dark;
    fixed[y]![x] = true;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  if (cw.version > 1) {
    const p = size - 7;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++)
        set(p + dx, p + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }
  const format = (mask: number, m: boolean[][] | undefined) => {
    let rem = mask; // ECC M is 00
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((mask << 10) | rem) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    const put = (x: number, y: number, v: boolean) => (m ? (m[y]![x] = v) : set(x, y, v));
    for (let i = 0; i <= 5; i++) put(8, i, bit(i));
    put(8, 7, bit(6));
    put(8, 8, bit(7));
    put(7, 8, bit(8));
    for (let i = 9; i < 15; i++) put(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) put(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) put(8, size - 15 + i, bit(i));
    put(8, size - 8, true);
  };
  format(0, undefined);
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (fixed[y]![x] || i >= cw.words.length * 8) continue;
        base[y]![x] = ((cw.words[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
  let best: boolean[][] | undefined;
  let bestScore = Infinity;
  MASKS.forEach((fn, mask) => {
    const m = base.map((row, y) => row.map((v, x) => (fixed[y]![x] ? v : v !== fn(x, y))));
    format(mask, m);
    const s = penalty(m);
    if (s < bestScore) [best, bestScore] = [m, s];
  });
  return best;
}

/** A QR code as an SVG image, with a 4-module quiet zone. */
function QrCode({ text, label, fallback }: { text: string; label: string; fallback: ReactNode }) {
  const m = useMemo(() => qrMatrix(text), [text]);
  if (!m) return <>{fallback}</>;
  const n = m.length + 8;
  let d = '';
  m.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={180}
      height={180}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
