/**
 * Bank cards against the simulator: a real user with one saved card, fields
 * really encoded with the token's aesKey and decoded back, real refusals
 * (1016 an account that is not 4–34 letters or digits, 1008 a card that is
 * not the user's or was deleted meanwhile from another tab). A token without
 * a usable aesKey makes the encoding fail. The list load fails by force
 * (1012: a transient query failure has no user-made cause).
 */
import { expect } from 'vitest';
import { decodeFields, encodeFields, SENSITIVE_BANK_FIELDS } from '../../../src/api/aes-codec.ts';
import { bankCardActors } from '../../../src/machines/bankCard/actors.ts';
import {
  bankCardMachine,
  CARD_FIELDS,
  type BankCardContext,
  type CardForm,
  type CardRow,
} from '../../../src/machines/bankCard/machine.ts';
import { decodeToken } from '../../../src/state/session.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { SEED_CARD } from '../../../src/config/path-setups.ts';

const PASSWORD = 'secret123';
/** The seeded card's id: the simulator's ids are deterministic. */
const SEEDED_ID = '1002';
/** The card each path starts with: the console's set-up makes the same one. */
const SEED = SEED_CARD;
const NEW_BANK = 'New Bank';
const RENAMED = 'Renamed Bank';
const NEW_NAME = 'Bob Smith';
const NEW_ACCOUNT = 'DE89370400440532013000';
const BAD_ACCOUNT = 'x1';
const PHONE = '+44 7911 123456';
const BAD_PHONE = '12345';
const INS = '001';

type Snap = ReturnType<(typeof bankCardMachine)['resolveState']>;
type Start = 'list' | 'add' | 'edit' | 'unknown';

const seedForm = (): CardForm => {
  const f = Object.fromEntries(CARD_FIELDS.map((k) => [k, ''])) as CardForm;
  return { ...f, ...SEED };
};
const seedRow: CardRow = { id: SEEDED_ID, bankName: SEED.bankName, last4: SEED.account.slice(-4) };

const cls = (v: string) =>
  ({
    '': 'empty',
    [SEED.bankName]: 'seed',
    [SEED.name]: 'seed',
    [SEED.account]: 'seed',
    [SEED.phoneNumber]: 'seed',
    [NEW_BANK]: 'new',
    [RENAMED]: 'renamed',
    [NEW_NAME]: 'new',
    [NEW_ACCOUNT]: 'new',
    [BAD_ACCOUNT]: 'bad',
    [PHONE]: 'new',
    [BAD_PHONE]: 'bad',
    [INS]: 'set',
  })[v] ?? 'other';

/** The server's list at a load, as the model knows it. */
function expectedCards(c: BankCardContext): CardRow[] {
  const done = c.outcome;
  if (done === 'added')
    return [...c.cards, { id: 'new', bankName: c.form.bankName, last4: c.form.account.slice(-4) }];
  if (done === 'updated')
    return c.cards.map((r) =>
      r.id === SEEDED_ID
        ? { id: r.id, bankName: c.form.bankName, last4: c.form.account.slice(-4) }
        : r,
    );
  if (done === 'deleted' || c.failure === 1008) return c.cards.filter((r) => r.id !== SEEDED_ID);
  return c.cards.length ? c.cards : [seedRow];
}

const keyOf = (c: PathContext) => c.data.aesKey as string;

async function serverCards(c: PathContext) {
  const r = await c.world.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 });
  expect(r.code).toBe(0);
  return Promise.all(
    (r.data?.list ?? []).map((card) => decodeFields(keyOf(c), card, SENSITIVE_BANK_FIELDS)),
  );
}

function spec(start: Start): PathSpec {
  const bankInfo = start === 'add';
  const input =
    start === 'edit'
      ? { start, id: SEEDED_ID, bankInfo }
      : start === 'unknown'
        ? { start: 'edit', id: '999999', bankInfo }
        : { start, bankInfo };
  return {
    name: `bankCard (${start === 'unknown' ? 'edit route, unknown card' : `${start} route`})`,
    machine: bankCardMachine,
    input,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.start,
        c.cards.map((r) => `${r.bankName}/${r.last4}`),
        c.editingId ?? null,
        ['bankName', 'name', 'account', 'phoneNumber', 'insNum'].map((f) =>
          cls(c.form[f as keyof CardForm]),
        ),
        Object.keys(c.errors).filter((k) => c.errors[k as keyof typeof c.errors]),
        c.failure ?? null,
        c.outcome ?? null,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const at = (p: string) => s.matches(p as never);
      const f = c.form;
      if (at('loading')) {
        const ok = {
          type: 'xstate.done.actor.loadCards',
          output: { code: 0, cards: expectedCards(c) },
        };
        const first = c.failure === undefined && c.cards.length === 0 && !c.outcome;
        return first
          ? [ok, { type: 'xstate.done.actor.loadCards', output: { code: 1012, cards: [] } }]
          : [ok];
      }
      if (at('failed')) return [{ type: 'list.reload' }];
      if (at('list')) {
        // One completed save or delete per path (a card deleted meanwhile ends it too).
        if (c.outcome || c.cards.length === 0) return [];
        return [
          { type: 'add.open' },
          ...c.cards.slice(0, 1).map((r) => ({ type: 'edit.open', id: r.id })),
          ...(start === 'list' ? [{ type: 'list.reload' }] : []),
        ];
      }
      if (at('loadingCard')) {
        return [
          c.editingId === SEEDED_ID
            ? { type: 'xstate.done.actor.loadCard', output: { code: 0, card: seedForm() } }
            : { type: 'xstate.done.actor.loadCard', output: { code: 1008 } },
        ];
      }
      if (at('form.confirm')) return [{ type: 'delete.cancel' }, { type: 'delete.confirm' }];
      if (at('form.idle')) {
        const set = (field: string, value: string) => ({ type: 'field.change', field, value });
        const adding = c.editingId === undefined;
        const untouched = adding
          ? CARD_FIELDS.every((k) => f[k] === '')
          : CARD_FIELDS.every((k) => f[k] === seedForm()[k]);
        // One field at a time, in the form's order (the order of typing does not matter here).
        const next: Array<[string, string[]]> = adding
          ? [
              ['bankName', f.bankName === '' ? [NEW_BANK] : []],
              ['name', f.name === '' ? [NEW_NAME] : []],
              [
                'account',
                f.account === ''
                  ? [NEW_ACCOUNT, BAD_ACCOUNT]
                  : f.account === BAD_ACCOUNT
                    ? [NEW_ACCOUNT]
                    : [],
              ],
              [
                'phoneNumber',
                f.phoneNumber === ''
                  ? [PHONE, BAD_PHONE]
                  : f.phoneNumber === BAD_PHONE
                    ? [PHONE]
                    : [],
              ],
              ['insNum', bankInfo && f.insNum === '' ? [INS] : []],
            ]
          : [
              ['bankName', f.bankName === SEED.bankName ? [RENAMED] : []],
              [
                'account',
                f.account === SEED.account
                  ? ['', BAD_ACCOUNT]
                  : f.account !== NEW_ACCOUNT
                    ? [NEW_ACCOUNT]
                    : [],
              ],
              [
                'phoneNumber',
                f.phoneNumber === SEED.phoneNumber
                  ? [BAD_PHONE]
                  : f.phoneNumber === BAD_PHONE
                    ? [PHONE]
                    : [],
              ],
            ];
        const [field, values] = next.find(([, v]) => v.length) ?? ['', []];
        // The add and edit routes explore the form; elsewhere the first value of each field only.
        const full = start === 'add' || start === 'edit';
        const changes = (full ? values : values.slice(0, 1)).map((v) => set(field, v));
        return [
          ...changes,
          { type: 'form.submit' },
          ...(!adding && untouched ? [{ type: 'delete.open' }] : []),
          ...(untouched ? [{ type: 'back' }] : []),
        ];
      }
      if (at('saving')) {
        const code = f.account === BAD_ACCOUNT ? 1016 : 0;
        const real = { type: 'xstate.done.actor.saveCard', output: { code, data: null } };
        const canFail =
          code === 0 && c.failure === undefined && !c.outcome
            ? [{ type: 'xstate.done.actor.saveCard', output: { code: -1, encodeFailed: true } }]
            : [];
        return [real, ...canFail];
      }
      if (at('deleting')) {
        return [
          { type: 'xstate.done.actor.deleteCard', output: { code: 0, data: null } },
          { type: 'xstate.done.actor.deleteCard', output: { code: 1008, data: null } },
        ];
      }
      return [];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'bea@example.com',
        password: PASSWORD,
      });
      world.session.token = u.token;
      const aesKey = decodeToken(u.token)?.aesKey as string;
      const added = await world.api.call(
        'addUserBankCard',
        await encodeFields(aesKey, SEED, SENSITIVE_BANK_FIELDS),
      );
      expect(added.code).toBe(0);
      const list = await world.api.call('userBankCardList', { pageNum: 1, pageSize: 1000 });
      expect(list.data?.list.map((x) => x.id)).toEqual([SEEDED_ID]);
      return { uid: u.uid, aesKey, noKey: false };
    },
    provide: (c) =>
      bankCardMachine.provide({
        actors: bankCardActors(c.world.api, () => {
          if (!c.data.noKey) return keyOf(c);
          // A token with no usable key, once, where the path asks for it. Read on a later task,
          // so the framework sees the saving state before the failure.
          c.data.noKey = false;
          return new Promise<undefined>((r) => setImmediate(() => r(undefined)));
        }),
      }),
    async arrange(e, c) {
      const out = (e as { output?: { code: number; encodeFailed?: boolean } }).output;
      if (e.type === 'xstate.done.actor.loadCards' && out?.code === 1012)
        c.world.sim.backOffice.force({ call: 'userBankCardList', code: 1012 });
      if (e.type === 'xstate.done.actor.saveCard' && out?.encodeFailed) c.data.noKey = true;
      if (e.type === 'xstate.done.actor.deleteCard' && out?.code === 1008) {
        reached(
          "bankCard.arrange: e.type === 'xstate.done.actor.deleteCard' && out?.code === 1008",
        );
        // Deleted meanwhile from another tab.
        const r = await c.world.api.call('deleteUserBankCard', { id: SEEDED_ID });
        expect(r.code).toBe(0);
      }
    },
    states: {
      loading: (s, c) => {
        expect(s.hasTag('busy')).toBe(true);
        // A save or delete that went through is announced as the list is read again.
        const said = {
          added: ['tips.add_success'],
          updated: ['tips.update_success'],
          deleted: ['tips.delete_success'],
        };
        const done = (s as Snap).context.outcome;
        expect(noticesOf(c)).toEqual(done && done !== 'unsent' ? said[done] : []);
      },
      failed: (s, c) => {
        expect((s as Snap).context.failure).toBe(1012);
        expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)/);
      },
      list: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.start).toBe('list');
        expect(ctx.editingId).toBeUndefined();
        // Rows: the server's cards, the bank and the account's last 4 digits only.
        const server = await serverCards(c);
        expect(ctx.cards).toEqual(
          server.map((x) => ({ id: x.id, bankName: x.bankName, last4: x.account.slice(-4) })),
        );
        const done = ctx.outcome;
        if (done === 'added') {
          reached("bankCard.list: done === 'added'");
          const added = server.find((x) => x.account === NEW_ACCOUNT);
          expect(added?.name).toBe(NEW_NAME);
          // Stored without the plus and spaces.
          if (ctx.form.phoneNumber) {
            reached('bankCard.list: ctx.form.phoneNumber');
            expect(added?.phoneNumber).toBe('447911123456');
          }
          expect(added?.insNum).toBe(bankInfo && ctx.form.insNum ? INS : undefined);
        }
        if (done === 'updated') {
          reached("bankCard.list: done === 'updated'");
          const card = server.find((x) => x.id === SEEDED_ID);
          expect(card?.bankName).toBe(ctx.form.bankName);
          expect(card?.account).toBe(ctx.form.account);
        }
        if (done === 'deleted') {
          reached("bankCard.list: done === 'deleted'");
          expect(server.some((x) => x.id === SEEDED_ID)).toBe(false);
        }
        if (ctx.failure === 1008) {
          reached('bankCard.list: ctx.failure === 1008');
          expect(c.world.toasts.at(-1)).toMatch(/\(code 1008\)/);
        }
      },
      loadingCard: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.editingId).toBeTruthy();
      },
      form: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.start).toBe('list');
        if (!bankInfo) {
          reached('bankCard.form: !bankInfo');
          expect(ctx.form.insNum).toBe('');
        }
        const server = await serverCards(c);
        if (ctx.editingId) {
          reached('bankCard.form: ctx.editingId');
          // The card being edited is the user's, decoded for display.
          const card = server.find((x) => x.id === ctx.editingId);
          expect(card?.account).toBe(SEED.account);
          expect(card?.name).toBe(SEED.name);
          if (ctx.form.name === SEED.name) {
            reached('bankCard.form: ctx.form.name === SEED.name');
            expect(ctx.form.address).toBe(SEED.address);
          }
        }
        const messages: Record<string, string> = {
          bankName: 'p_t_bank_name',
          name: 'p_t_payee_name',
          account: 'p_t_bank_account',
          phoneNumber: 'wrong_phone_number',
        };
        for (const [k, v] of Object.entries(ctx.errors))
          if (v) {
            reached('bankCard.form: v');
            expect(v).toBe(messages[k]);
          }
        if (ctx.failure === 1016) {
          reached('bankCard.form: ctx.failure === 1016');
          expect(ctx.form.account).toBe(BAD_ACCOUNT);
          expect(c.world.toasts.at(-1)).toMatch(/\(code 1016\)/);
        }
        // Nothing was sent when the encoding failed.
        if (ctx.outcome === 'unsent') {
          reached("bankCard.form: ctx.outcome === 'unsent'");
          expect(server.map((x) => x.id)).toEqual(ctx.cards.map((r) => r.id));
        }
      },
      'form.idle': (s) => expect(s.hasTag('drawer')).toBe(false),
      'form.confirm': (s) => {
        expect(s.hasTag('drawer')).toBe(true);
        expect((s as Snap).context.editingId).toBe(SEEDED_ID);
      },
      saving: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.errors).toEqual({});
      },
      deleting: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.editingId).toBe(SEEDED_ID);
      },
    },
  };
}

export const specs: PathSpec[] = [spec('list'), spec('add'), spec('edit'), spec('unknown')];
