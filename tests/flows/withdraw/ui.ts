/**
 * The withdraw machine driven through /user/withdraw (specs in
 * tests/flows/withdraw/paths.ts; words in words.ts, whose
 * screen model, screen.ts, gives the expected texts here too).
 *
 * Arranged as the headless run does where the browser allows it: 1066 by the
 * back office's account flag, 1047 by switching the network off, 23558 by the
 * address typed, a withdrawal in review by the form's own submission. Forced
 * (Faults): the list and calculation failures (HTTP 500), the replies no real
 * network gives (an unknown fee type, practical 0), the empty lists, 1070 and
 * a 1067 not made by the path (the headless run makes those with API calls
 * the screen does not offer).
 */
import { expect, type Page } from '@playwright/test';
import { encodeSensitive } from '../../../src/api/aes-codec.ts';
import { decodeToken } from '../../../src/state/session.ts';
import { lockTitleKey } from '../../../src/machines/withdraw/machine.ts';
import { makeW } from '../../paths/plan/words.ts';
import { codeOf, codeText } from '../../paths/words/common.ts';
import { form, realFee, targetOf } from './screen.ts';
import { apiCall, backOffice, body, enterAs, force, go } from '../../e2e/paths/page.ts';
import { nothing, type UiCtx, type UiDriver, type UiStep } from '../../paths/ui/driver.ts';

const w = makeW('en');
const t = w.t;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const noWallet = (spec: string) => spec.includes('no saved wallets');

const WALLETS = [
  ['101', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
  ['103', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
] as const;

/** The form as the path has left it (the words' screen model), this step included. */
const now = (c: UiCtx, e: { type: string }) =>
  form(e as never, { spec: c.spec, history: c.history });
const amountBox = (p: Page) =>
  p.getByRole('textbox', {
    name: new RegExp(`^${esc(t('wallet_ui.withdraw_amount_bare'))}`),
  });
/** The fee, actual amount and balance after. */
const fees = (p: Page) => p.getByLabel(t('wallet_ui.fee_details')).getByRole('definition');
/** A figure as the screen shows it: the value, padded with zeros to its unit's precision. */
const shown = (value: string, unit: string) =>
  new RegExp(`^${esc(value)}${value.includes('.') ? '0*' : '(\\.0+)?'} ${esc(unit)}`);
const toastSays = (p: Page, text: string) => expect(p.getByText(text).first()).toBeVisible();
const lastCode = (c: UiCtx, e: { type: string }) =>
  [...c.history, e]
    .reverse()
    .map((x) => codeOf(x as never))
    .find((x) => x !== undefined && x !== 0);

async function seedTargets(page: Page): Promise<void> {
  const token = (await page.evaluate(
    `JSON.parse(localStorage.getItem('session')).token`,
  )) as string;
  const key = decodeToken(token)?.aesKey ?? '';
  for (const [currencyId, plain] of WALLETS) {
    const cryptocurrencyAddress = await encodeSensitive(key, plain);
    const r = await apiCall(page, 'addUserWallet', { currencyId, cryptocurrencyAddress });
    expect(r.code).toBe(0);
  }
  const card = await apiCall(page, 'addUserBankCard', {
    bankName: 'Bank of Test',
    name: await encodeSensitive(key, 'Ann Lee'),
    account: await encodeSensitive(key, 'GB29NWBK60161331926819'),
  });
  expect(card.code).toBe(0);
}

const listCall = (c: UiCtx, tab: string) =>
  tab === 'bank_card'
    ? 'userBankCardList'
    : noWallet(c.spec)
      ? 'currencySimpleCoinNet'
      : 'userWallet';
const calcCall = (tab: string) =>
  tab === 'bank_card' ? 'withdrawBankCardCalculate' : 'withdrawWalletCalculate';

/** The person submits while the fee is being checked: the check's reply waits 1.5 s for them. */
const holdCalc: UiStep = (c, e) =>
  backOffice(c.page, 'delay', { call: calcCall(now(c, e).tab), ms: 1500 });

const busy: UiStep = nothing; // in flight: the recorder shows it passing; the reply follows at once

export const withdrawUi: UiDriver = {
  machine: 'withdraw',
  async setup(page, spec) {
    const user = { email: 'payout@example.com', password: 'secret123', deposit: 2000 };
    if (!noWallet(spec)) {
      const uid = await enterAs(page, user);
      await seedTargets(page);
      return { uid };
    }
    return { uid: await enterAs(page, user, { NO_WALLET_WITHDRAW: true, 'user/bankCard': false }) };
  },
  open: (c) => go(c.page, '/user/withdraw'),
  events: {
    'tab.select': (c, e) =>
      c.page.getByRole('tab', { name: t(`wallet_ui.tab_${e.tab as string}`) }).click(),
    'load.retry': (c) => c.page.getByRole('button', { name: t('common.retry') }).click(),
    'status.refresh': (c) => c.page.getByRole('button', { name: t('common.refresh') }).click(),
    async 'target.select'(c, e) {
      const card = now(c, e).tab === 'bank_card';
      const title = t(card ? 'wallet_ui.choose_card' : 'wallet_ui.choose_coin');
      const caption = t(card ? 'wallet_ui.bank_card' : 'wallet_ui.coin_network');
      await c.page.getByRole('button', { name: new RegExp(`^${esc(caption)}:`) }).click();
      await c.page
        .getByRole('list', { name: title })
        .getByRole('button', { name: new RegExp(`^${esc(targetOf(e.id as string).name)}`) })
        .click();
    },
    'field.change': (c, e) =>
      e.field === 'address'
        ? c.page
            .getByRole('textbox', { name: t('wallet_ui.payment_address') })
            .fill(e.value as string)
        : amountBox(c.page).fill(e.value as string),
    'amount.max': (c) => c.page.getByRole('button', { name: t('wallet_ui.max') }).click(),
    async 'form.submit'(c) {
      // Continue opens the review when the form can be sent; its Confirm sends form.submit.
      await c.page.getByRole('button', { name: t('wallet_ui.continue') }).click();
      const review = c.page.getByRole('region', { name: t('wallet_ui.review_title') });
      if (
        await review.waitFor({ timeout: 800 }).then(
          () => true,
          () => false,
        )
      )
        await review.getByRole('button', { name: t('common.confirm') }).click();
    },
  },
  actors: {
    checkStatus: {
      async done(c, e) {
        const code = codeOf(e);
        const submitted = c.history.some(
          (x) => x.type === 'xstate.done.actor.submit' && codeOf(x) === 0,
        );
        if (code === 1066) await backOffice(c.page, 'setAccountAnomaly', c.data.uid, true);
        else if (code === 1070 || (code === 1067 && !submitted))
          await force(c.page, { call: 'withdrawStatus', code });
      },
    },
    loadTargets: {
      async done(c, e) {
        const out = e.output as {
          code: number;
          data: unknown[] | null;
          metaMissing?: boolean;
          tab: string;
        };
        const call = listCall(c, out.tab);
        if (out.code !== 0) await force(c.page, { call, status: 500 });
        else if (out.metaMissing)
          await force(c.page, { call: 'currencyBanckCardCoinNet', body: body(null) });
        else if (out.data?.length === 0)
          await force(c.page, {
            call,
            body: body(call === 'currencySimpleCoinNet' ? { dtoList: [] } : { list: [], total: 0 }),
          });
      },
    },
    calculate: {
      async done(c, e) {
        const out = e.output as {
          code: number;
          data: { feeType: string; practical: string } | null;
        };
        const call = calcCall(now(c, e).tab);
        if (c.held) await holdCalc(c, e);
        if (out.code !== 0) await force(c.page, { call, status: 500 });
        else if (out.data?.feeType === 'TIERED' || out.data?.practical === '0')
          await force(c.page, { call, body: body(out.data) });
      },
    },
    findMax: {
      // Max asks the server's calculation at the target's max first: a failing one fails it.
      async done(c, e) {
        const out = e.output as { amount: string | undefined; code: number };
        if (out.code !== 0) await force(c.page, { call: calcCall(now(c, e).tab), status: 500 });
      },
    },
    submit: {
      async done(c, e) {
        const code = codeOf(e);
        if (code === 1066) await backOffice(c.page, 'setAccountAnomaly', c.data.uid, true);
        if (code === 1047) await backOffice(c.page, 'setCoinNetEnabled', '101', false);
      },
    },
  },
  hold: { calculate: (c, e) => holdCalc(c, e) },
  delays: { recheck: (c) => c.page.clock.runFor(1000) },
  states: {
    checking: busy,
    async locked(c, e) {
      const box = c.page.getByRole('status', { name: t('wallet_ui.locked') });
      const code = lastCode(c, e) ?? 1067;
      await expect(box.getByText(t(lockTitleKey(code)))).toBeVisible();
      await expect(box.getByText(t(`code.${code}`))).toBeVisible();
      await expect(box.getByRole('button', { name: t('common.refresh') })).toBeEnabled();
      if (c.history.some((x) => x.type === 'xstate.done.actor.submit' && codeOf(x) === 0))
        await toastSays(c.page, t('submit_success_please_wait'));
    },
    async ready(c) {
      const tabs = c.page.getByRole('tablist', { name: t('my.withdraw') });
      if (noWallet(c.spec)) {
        // The screen runs the machine, so it is mounted; once the status
        // check's skeleton has gone, the tabs would be drawn with what replaced it.
        await expect(c.page.locator('.wallet-screen')).toBeVisible();
        await expect(c.page.locator('.wallet-screen .skeleton-list')).toHaveCount(0);
        await expect(tabs).toHaveCount(0);
      } else await expect(tabs).toBeVisible();
    },
    'ready.loading': busy,
    async 'ready.loadFailed'(c) {
      await expect(c.page.getByText(t('wallet_ui.load_failed'))).toBeVisible();
      await toastSays(c.page, t('tips.server500'));
    },
    'ready.metaMissing': (c) =>
      expect(
        c.page.getByRole('alert').filter({ hasText: t('bank_card_meta_not_found') }),
      ).toBeVisible(),
    async 'ready.empty'(c, e) {
      const bank = now(c, e).tab === 'bank_card';
      // No saved wallets: the operator's networks, none of which the user can add.
      if (!bank && noWallet(c.spec)) {
        await expect(c.page.getByText(t('wallet_ui.no_coin_withdraw'))).toBeVisible();
        await expect(c.page.getByRole('link', { name: t('add_crypto_wallet') })).toHaveCount(0);
        return;
      }
      await expect(
        c.page.getByText(t(bank ? 'wallet_ui.no_bank_card' : 'wallet_ui.no_crypto_wallet')),
      ).toBeVisible();
      await expect(
        c.page.getByRole('link', { name: t(bank ? 'add_bank_card' : 'add_crypto_wallet') }),
      ).toBeVisible();
    },
    'ready.form': (c) => expect(amountBox(c.page)).toBeVisible(),
    async 'ready.form.idle'(c, e) {
      const f = now(c, e);
      await expect(amountBox(c.page)).toHaveValue(f.amount);
      const fee = fees(c.page).nth(1);
      await expect(fee).toHaveText('—');
      const picker = c.page.getByRole('button', {
        name: new RegExp(`: ${esc(f.target ? f.target.name : t('wallet_ui.none_chosen'))}`),
      });
      await expect(picker).toBeVisible();
      const limit = f.target && t('withdraw_amount_limit_front');
      const out =
        !!f.target && (Number(f.amount) < f.target.min || Number(f.amount) > f.target.max);
      if (limit && out && (f.amount !== '' || e.type === 'form.submit'))
        await expect(c.page.getByText(limit, { exact: false }).first()).toBeVisible();
    },
    'ready.form.checking': (c) =>
      expect(c.page.getByRole('status', { name: t('wallet_ui.calculating') })).toBeVisible(),
    async 'ready.form.valid'(c, e) {
      const f = now(c, e);
      const d = realFee(f);
      const coin = f.target?.coin ?? '';
      await expect(fees(c.page).nth(1)).toContainText(shown(d.fee, coin));
      await expect(fees(c.page).nth(2)).toHaveText(shown(d.practical, coin));
      const code = lastCode(c, e);
      if (e.type === 'xstate.done.actor.submit' && code)
        await toastSays(c.page, codeText({ t }, code));
      if (f.typed && f.address === '' && e.type === 'form.submit')
        await expect(c.page.getByText(t('p_t_crypto_address'))).toBeVisible();
    },
    async 'ready.form.invalid'(c, e) {
      const fee = now(c, e).fee as
        { code: number; data: { feeType: string; isOver: boolean } } | undefined;
      if (!fee || fee.code !== 0) return toastSays(c.page, t('tips.server500'));
      const key =
        fee.data.feeType === 'TIERED'
          ? 'Not support feeType'
          : fee.data.isOver
            ? 'insufficient_balance'
            : 'practicalNum_rule';
      await expect(c.page.getByText(t(key)).first()).toBeVisible();
      // Never a negative balance after: the reason stands in its place.
      if (key === 'insufficient_balance') await expect(fees(c.page).nth(3)).toHaveText(t(key));
    },
    'ready.form.submitting': busy,
    'ready.form.maxing': (c) =>
      expect(c.page.getByRole('status', { name: t('wallet_ui.calculating') })).toBeVisible(),
  },
  // Max on a balance of 10 USD needs the set-up's 2000 USD spent first, in another flow.
  impossible: (path) =>
    path.steps.some(
      ({ event }) =>
        event.type === 'xstate.done.actor.findMax' &&
        (event as unknown as { output: { amount?: string } }).output.amount === '10',
    )
      ? 'Max with only 10 USD left: the set-up has 2000 USD and no flow here spends it'
      : undefined,
};
