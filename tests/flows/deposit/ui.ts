/**
 * The deposit machine driven through /user/deposit (specs in
 * tests/flows/deposit/paths.ts; words in words.ts, whose form
 * model gives the expected values here too).
 *
 * The machine's input is the site's: the deployment's config/site.json
 * (depositTypes, served by the test as a deployment would) and the site flags
 * (depositHideCrypto, depositHideQRCode). Arranged as the headless run does:
 * a saved bank card, the real coin networks (all switched off by the back
 * office for the empty list), real files chosen in the file input, a real
 * duplicate (the same deposit already in review: 1018), a wallet-type 1
 * user with an own wallet. The form kept while the agreement is open is put
 * in session storage as the agreement link leaves it (the agreement's own
 * path, agreement.open, drives that link). Forced (Faults): the list
 * failures (HTTP 500).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { encodeSensitive } from '../../../src/api/aes-codec.ts';
import { DEPOSIT_FORM_KEY } from '../../../src/machines/deposit/machine.ts';
import { DEPOSIT_MIN_USD } from '../../../src/api/wallet-rules.ts';
import { checkDepositAmount } from '../../../src/machines/validation/wallet.ts';
import { decodeToken } from '../../../src/state/session.ts';
import { COIN_NETS, coinNet } from '../../../src/simulator/modules/account/coins.ts';
import { makeW, type AnyEvent } from '../../paths/plan/words.ts';
import { codeOf, codeText } from '../../paths/words/common.ts';
import { form } from './words.ts';
import { PNG_BYTES, PNG_URL } from '../../paths/specs/network.ts';
import { apiCall, backOffice, enterAs, force, go } from '../../e2e/paths/page.ts';
import { nothing, type UiCtx, type UiDriver, type UiStep } from '../../paths/ui/driver.ts';

const w = makeW('en');
const t = w.t;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const self = (spec: string) => spec.includes('self wallet');
const SELF_ADDRESS = 'TPL66VK2gCXNCD7EJg9pgJRfqcRazjhUZY';
const PROOF = { name: 'proof.png', size: PNG_BYTES.length, type: 'image/png', url: PNG_URL };

/** The deployment's site file with its deposit types (the default lists crypto first). */
async function siteTypes(page: Page, types: string[]): Promise<void> {
  const site = JSON.parse(readFileSync('public/config/site.json', 'utf8')) as object;
  await page.route('**/config/site.json', (r) =>
    r.fulfill({ json: { ...site, depositTypes: types } }),
  );
}

/** The files a person chooses, by the samples' names. */
const FILES: Record<string, { mimeType: string; buffer: Buffer }> = {
  'proof.png': { mimeType: 'image/png', buffer: Buffer.from(PNG_BYTES) },
  'proof.pdf': { mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
  'fake.jpg': { mimeType: 'image/jpeg', buffer: Buffer.from('nope') },
};

const button = (p: Page, key: string) => p.getByRole('button', { name: t(key), exact: true });
const amountBox = (p: Page) =>
  p.getByRole('textbox', {
    name: new RegExp(`^${esc(t('wallet_ui.deposit_amount', { coin: 'X' }).split('(')[0]!)}`),
  });
const toastSays = (p: Page, text: string) => expect(p.getByText(text).first()).toBeVisible();
const coinName = (id: string | undefined) => {
  const n = coinNet(id);
  return `${n?.coin} ${n?.protocol}`;
};
const picker = (p: Page) =>
  p.getByRole('button', { name: new RegExp(`^${esc(t('wallet_ui.coin_network'))}:`) });
const failed = async (c: UiCtx) => {
  await expect(c.page.getByText(t('wallet_ui.load_failed'))).toBeVisible();
  await expect(button(c.page, 'common.retry')).toBeVisible();
  await toastSays(c.page, t('tips.server500'));
};
/** The agreement page is open (its link followed, not yet come back from). */
const onAgreement = (c: UiCtx, e: AnyEvent) =>
  [...c.history, e].findLast((x) => x.type === 'agreement.open' || x.type === 'navigate.away')
    ?.type === 'agreement.open';
const agreementPage = (c: UiCtx) => expect(c.page).toHaveURL(/\/user\/agreement$/);
const busy: UiStep = nothing; // in flight: the recorder shows it passing; the reply follows at once

/** A deposit made as the user through the app's own client, as a second tab would. */
async function depositElsewhere(c: UiCtx, coinId: string, amt = '1500'): Promise<void> {
  const metaData = JSON.stringify({ coinId, amt, said: '', locale: 'en' });
  const b64 = PNG_URL.split(',')[1]!;
  const r = (await c.page.evaluate(
    `window.__TRADER_API__.call('userDeposit', { metaData: ${JSON.stringify(metaData)},
      depositProof: new Blob([Uint8Array.from(atob('${b64}'), (ch) => ch.charCodeAt(0))], { type: 'image/png' }) })`,
  )) as { code: number };
  expect(r.code).toBe(0);
}

export const depositUi: UiDriver = {
  machine: 'deposit',
  async setup(page, spec) {
    const user = { email: 'payer@example.com', password: 'secret123' };
    if (spec.includes('banned')) {
      // A crypto-only site with depositBanNewFlow on; the user's deposit is arranged on the path.
      await siteTypes(page, ['crypto']);
      return { uid: await enterAs(page, user, { depositBanNewFlow: true }) };
    }
    if (spec.includes('disabled')) {
      // A site offering crypto deposits only, with crypto hidden: no deposit type left.
      await siteTypes(page, ['crypto']);
      return { uid: await enterAs(page, user, { depositHideCrypto: true }) };
    }
    if (self(spec)) {
      const uid = await enterAs(page, user, { depositHideQRCode: true });
      await backOffice(page, 'setWalletType', uid, 1);
      await backOffice(page, 'addSelfWallet', uid, '101', SELF_ADDRESS);
      // Step two filled in, then the agreement opened: the form the link keeps.
      const kept = {
        tab: 'crypto',
        coinId: '101',
        amount: '1500',
        proof: PROOF,
        agreed: true,
        step: 2,
      };
      await page.evaluate(
        `sessionStorage.setItem(${JSON.stringify(DEPOSIT_FORM_KEY)}, ${JSON.stringify(JSON.stringify(kept))})`,
      );
      return { uid };
    }
    await siteTypes(page, ['bank', 'crypto']);
    const uid = await enterAs(page, user);
    const token = (await page.evaluate(
      `JSON.parse(localStorage.getItem('session')).token`,
    )) as string;
    const key = decodeToken(token)?.aesKey ?? '';
    const card = await apiCall(page, 'addUserBankCard', {
      bankName: 'Bank of Test',
      name: await encodeSensitive(key, 'Ann Lee'),
      account: await encodeSensitive(key, 'GB29NWBK60161331926819'),
    });
    expect(card.code).toBe(0);
    return { uid };
  },
  open: (c) => go(c.page, '/user/deposit'),
  events: {
    'tab.select': (c, e) =>
      c.page.getByRole('tab', { name: t(`wallet_ui.tab_${e.tab as string}`) }).click(),
    'load.retry': (c) => button(c.page, 'common.retry').click(),
    'service.open': (c) => button(c.page, 'service.title').click(),
    async 'coin.select'(c, e) {
      await picker(c.page).click();
      await c.page
        .getByRole('list', { name: t('wallet_ui.coin_network') })
        .getByRole('button', { name: coinName(e.id as string) })
        .click();
    },
    'address.copy': (c) => button(c.page, 'wallet_ui.copy').click(),
    'step.next': (c) => button(c.page, 'common.next').click(),
    'step.back': (c) => button(c.page, 'common.back').click(),
    'field.change': (c, e) => amountBox(c.page).fill(String(e.value)),
    'proof.select': (c, e) => {
      const name = (e.file as { name: string }).name;
      return c.page.locator('#deposit-proof').setInputFiles({ name, ...FILES[name]! });
    },
    'proof.remove': (c) => button(c.page, 'wallet_ui.remove_proof').click(),
    'agreement.toggle': (c) => c.page.getByRole('checkbox', { name: t('wallet_ui.agree') }).click(),
    /**
     * The agreement page's script is held while the person is on it (a slow
     * network): the deposit screen stays mounted, as its effect expects, and
     * Back reaches the same machine (navigate.away). Without the hold the
     * screen may unmount first, and Back starts a new machine from the kept
     * form (the self-wallet spec's start) instead.
     */
    async 'agreement.open'(c) {
      const arrived = new Promise<void>((r) => (c.data.release = r));
      await c.page.route(/\/assets\/static-pages-[^/]*\.js$/, async (r) => {
        await arrived;
        await r.continue();
      });
      await c.page.getByRole('link', { name: t('wallet_ui.agreement') }).click();
    },
    // Back from the agreement (the browser's back button); then its script may arrive.
    async 'navigate.away'(c) {
      await c.page.goBack();
      (c.data.release as (() => void) | undefined)?.();
    },
    'form.submit': (c) => button(c.page, 'wallet_ui.submit').click(),
    'status.refresh': (c) => button(c.page, 'common.refresh').click(),
    'deposit.new': (c) => button(c.page, 'wallet_ui.new_deposit').click(),
  },
  actors: {
    checkRecharge: {
      async done(c, e) {
        const payState = (e.output as { data: { payState: number | null } }).data.payState;
        const mine = (
          await backOffice<Array<{ id: string; actionType: number; payState: number }>>(
            c.page,
            'walletRequests',
            c.data.uid,
          )
        ).filter((r) => r.actionType === 0);
        // A deposit made as the user (a second tab) waits; later the operator approves it.
        if (payState === 0 && !mine.some((r) => r.payState === 0)) await depositElsewhere(c, '101');
        if (payState === 1)
          for (const r of mine.filter((x) => x.payState === 0))
            await backOffice(c.page, 'approveDeposit', r.id);
      },
    },
    loadCards: {
      async done(c, e) {
        if (codeOf(e) !== 0) await force(c.page, { call: 'userBankCardList', status: 500 });
      },
    },
    loadCoins: {
      async done(c, e) {
        if (self(c.spec)) return;
        if (codeOf(e) !== 0) {
          await force(c.page, { call: 'currencySimpleCoinNet', status: 500 });
          return;
        }
        // The empty list: every network switched off (and on again after).
        const on = (e.output as { data: { dtoList: unknown[] } }).data.dtoList.length > 0;
        if (on === !c.data.netsOff) return;
        for (const n of COIN_NETS) await backOffice(c.page, 'setCoinNetEnabled', n.id, on);
        c.data.netsOff = !on;
      },
    },
    prepareImage: { done: nothing },
    submit: {
      async done(c, e) {
        if (codeOf(e) === 1036) await force(c.page, { call: 'userDeposit', code: 1036 });
        if (codeOf(e) !== 1018 || c.data.duplicated) return;
        // The same deposit already in review (made as the user, as a second tab would).
        const f = form(c, e);
        await depositElsewhere(c, f.coin ?? '101', f.amount);
        c.data.duplicated = true;
      },
    },
  },
  delays: {},
  states: {
    checking: busy,
    async banned(c) {
      const box = c.page.getByRole('status', { name: t('wallet_ui.deposit_in_review') });
      await expect(box.getByText(t('code.23552'))).toBeVisible();
      await expect(box.getByRole('button', { name: t('common.refresh') })).toBeEnabled();
      await expect(c.page.getByRole('button', { name: t('wallet_ui.submit') })).toHaveCount(0);
    },
    async disabled(c) {
      await toastSays(c.page, t('wallet_ui.unavailable'));
      await expect(c.page).toHaveURL(/\/user$/);
    },
    bank: nothing,
    'bank.loading': busy,
    async 'bank.ready'(c, e) {
      // Customer service is a screen of its own.
      if (e.type === 'service.open') return expect(c.page).toHaveURL(/\/user\/service$/);
      const cards = c.page.getByRole('list', { name: t('wallet_ui.bank_cards') });
      await expect(cards.getByRole('listitem')).toHaveText(['Bank of Test•••• 6819']);
      await expect(c.page.getByText(t('bank_contact_service'))).toBeVisible();
      await expect(button(c.page, 'service.title')).toBeVisible();
    },
    'bank.loadFailed': failed,
    crypto: nothing,
    'crypto.loading': busy,
    'crypto.loadFailed': failed,
    'crypto.empty': (c) =>
      expect(
        c.page.getByText(t(self(c.spec) ? 'wallet_ui.no_own_wallet' : 'wallet_ui.no_coin')),
      ).toBeVisible(),
    async 'crypto.choosing'(c, e) {
      const f = form(c, e);
      await expect(picker(c.page)).toHaveAccessibleName(
        `${t('wallet_ui.coin_network')}: ${coinName(f.coin)}`,
      );
      const address = self(c.spec) ? SELF_ADDRESS : coinNet(f.coin)!.address;
      await expect(c.page.getByTestId('deposit-address')).toHaveText(address);
      await expect(button(c.page, 'common.next')).toBeEnabled();
      if (self(c.spec)) await expect(c.page.getByText(t('wallet_ui.qr_hidden'))).toBeVisible();
      if (e.type === 'address.copy') await toastSays(c.page, t('copy_success'));
      if (e.type === 'deposit.new')
        await expect(
          c.page.getByRole('status', { name: t('submit_success_please_wait') }),
        ).toHaveCount(0);
    },
    async 'crypto.submitted'(c) {
      // The result step: the message as its title, the deposit in review, no form.
      const box = c.page.getByRole('status', { name: t('submit_success_please_wait') });
      await expect(box.getByText(t('wallet_ui.pay_state_0'))).toBeVisible();
      await expect(box.getByTestId('deposit-result-amount')).toContainText(
        `${form(c).amount} ${coinNet(form(c).coin)?.coin ?? ''}`,
      );
      await expect(box.getByRole('link', { name: t('wallet_ui.deposit_records') })).toBeVisible();
      await expect(button(c.page, 'wallet_ui.new_deposit')).toBeEnabled();
      await expect(button(c.page, 'wallet_ui.submit')).toHaveCount(0);
    },
    'crypto.details': (c, e) =>
      onAgreement(c, e)
        ? agreementPage(c)
        : expect(c.page.getByText(t('wallet_ui.step_2'))).toBeVisible(),
    async 'crypto.details.idle'(c, e) {
      if (onAgreement(c, e)) return agreementPage(c);
      const f = form(c, e);
      await expect(amountBox(c.page)).toHaveValue(f.amount);
      await expect(c.page.getByRole('checkbox', { name: t('wallet_ui.agree') })).toBeChecked({
        checked: f.agreed,
      });
      await expect(c.page.getByRole('img', { name: t('wallet_ui.proof_preview') })).toHaveCount(
        f.proof ? 1 : 0,
      );
      const alert = (key: string, on: boolean) =>
        expect(
          c.page.getByRole('alert').filter({ hasText: t(key, { min: DEPOSIT_MIN_USD }) }),
        ).toHaveCount(on ? 1 : 0);
      if (e.type === 'form.submit') {
        const a = checkDepositAmount(f.amount);
        if (a) await alert(a, true);
        await alert('p_upload_deposit_proof', !f.proof);
        await alert('p_read_agreement', !f.agreed);
      }
      const refused =
        e.type === 'proof.select' ||
        (e.type === 'xstate.done.actor.prepareImage' && e.output === null);
      if (refused) await alert('illegal_extension', true);
      const code = codeOf(e);
      if (e.type === 'xstate.done.actor.submit' && code)
        await toastSays(c.page, codeText({ t }, code));
    },
    'crypto.details.preparing': busy,
    'crypto.submitting': busy,
  },
  // The paths' files are a few bytes, read at once in a browser: no second pick lands while one
  // is read. The machine paths cover it, and the e2e "phone: deposit with the minimum…" picks a
  // large photo and at once a small one.
  impossible: (path) =>
    path.transitions.flat().some((k) => k.startsWith('crypto.details.preparing|proof.select'))
      ? 'a second proof chosen while the first is read: a few-byte file is read at once'
      : undefined,
};
