/**
 * Bank cards (user-centre.md §2 "Bank card list, add, edit", routes
 * /user/wallet/bankCard, addBankCard, editBankCard?id=; §3 "Bank card"; §4
 * "Bank card edit"; §5 "Bank card save"; §7; §8).
 *
 * - The list: userBankCardList { pageNum 1, pageSize 1000 }; each card shows
 *   its bank and the last 4 digits of the account (decoded).
 * - Add and edit share one form. Edit reads the card (userBankCard { id });
 *   if that fails the user returns to the list.
 * - Bank name (p_t_bank_name), payee name (p_t_payee_name) and account
 *   (p_t_bank_account) are required; a phone is optional but must be a valid
 *   international number (wrong_phone_number) and is stored without the
 *   plus and spaces; other fields are optional.
 * - insNum and traNum are shown (and sent) only with the bank-info setting.
 * - name, account, address, idNumber and phoneNumber are encoded with the
 *   token's aesKey on send and decoded for display; a failed encoding shows
 *   a generic something-wrong message.
 * - The edit form deletes through a confirm drawer.
 * - Success (add success, update_success, delete_success) returns to the
 *   list, read again; so does a failed delete (the card may be gone).
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { CallResult } from '../../api/client.ts';
import type { BankCardInput as CardBody } from '../../api/types/user.ts';
import { MAX_LEN } from '../../config/constants.ts';
import { clip } from '../validation/access.ts';
import { checkBankCard, storedPhone } from '../validation/account.ts';
import { noticeEvent, say, type NoticeEvent } from '../notice.ts';
import { doneOutput } from '../events.ts';

// ── The card, the context and the events ──

export const CARD_FIELDS = [
  'bankName',
  'bankCode',
  'bankAddress',
  'swiftCode',
  'branchCode',
  'bankCountry',
  'name',
  'account',
  'address',
  'postCode',
  'idNumber',
  'phoneNumber',
  'accountType',
  'insNum',
  'traNum',
] as const satisfies ReadonlyArray<keyof CardBody>;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardForm = Record<CardField, string>;

export interface BankCardMachineInput {
  /** The route the flow starts on: the list (default), add, or edit (with `id`). */
  start?: 'list' | 'add' | 'edit';
  id?: string;
  /** The bank-info setting: insNum and traNum are shown. */
  bankInfo: boolean;
}

/** A list row: the bank and the account's last 4 digits. */
export interface CardRow {
  id: string;
  bankName: string;
  last4: string;
}

export interface BankCardContext {
  start: 'list' | 'add' | 'edit';
  startId: string | undefined;
  bankInfo: boolean;
  cards: CardRow[];
  /** The card being edited; undefined while adding. */
  editingId: string | undefined;
  form: CardForm;
  errors: Partial<Record<CardField, string>>;
  /** The last failing reply code, until the user changes the form. */
  failure: number | undefined;
  /**
   * What the last save or delete came to, until the user starts another:
   * 'unsent' when the card could not be encoded (nothing went out).
   */
  outcome: 'added' | 'updated' | 'deleted' | 'unsent' | undefined;
}

export type BankCardEvent =
  | { type: 'list.reload' }
  | { type: 'add.open' }
  | { type: 'edit.open'; id: string }
  | { type: 'back' }
  | { type: 'field.change'; field: CardField; value: string }
  | { type: 'form.submit' }
  | { type: 'delete.open' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

export interface CardsResult {
  code: number;
  cards: CardRow[];
}
export interface CardResult {
  code: number;
  card?: CardForm;
}
export type SaveResult =
  CallResult<'addUserBankCard'> | CallResult<'editUserBankCard'> | { code: -1; encodeFailed: true };
export interface SaveInput {
  id?: string;
  card: Partial<CardForm>;
  /**
   * The cards listed before an add: a lost reply's card is one not among them
   * (none when the add route opened without the list: then any card of that
   * account counts, which is the card the user wanted saved).
   */
  known?: string[];
}

export type { AesKeySource } from '../aes-key.ts';

// ── The form ──

/** Shown only with the bank-info setting. */
export const BANK_INFO_FIELDS: readonly CardField[] = ['insNum', 'traNum'];

export const emptyForm = (): CardForm => ({
  bankName: '',
  bankCode: '',
  bankAddress: '',
  swiftCode: '',
  branchCode: '',
  bankCountry: '',
  name: '',
  account: '',
  address: '',
  postCode: '',
  idNumber: '',
  phoneNumber: '',
  accountType: '',
  insNum: '',
  traNum: '',
});

/** The card as sent: trimmed non-empty fields, the phone stored bare, bank info only when shown. */
export function cardPayload(form: CardForm, bankInfo: boolean): Partial<CardForm> {
  const out: Partial<CardForm> = {};
  for (const f of CARD_FIELDS) {
    if (!bankInfo && BANK_INFO_FIELDS.includes(f)) continue;
    const v = f === 'phoneNumber' ? storedPhone(form[f]) : form[f].trim();
    if (v) out[f] = v;
  }
  return out;
}

/** Fields are at most 140 characters, like every other text field of the spec. */
const FIELD_MAX = MAX_LEN.nick;

export const bankCardMachine = setup({
  types: {
    context: {} as BankCardContext,
    events: {} as BankCardEvent,
    emitted: {} as NoticeEvent,
    input: {} as BankCardMachineInput,
  },
  actors: {
    loadCards: fromPromise<CardsResult>(async () => {
      throw new Error('bankCardMachine: provide loadCards');
    }),
    loadCard: fromPromise<CardResult, { id: string }>(async () => {
      throw new Error('bankCardMachine: provide loadCard');
    }),
    saveCard: fromPromise<SaveResult, SaveInput>(async () => {
      throw new Error('bankCardMachine: provide saveCard');
    }),
    deleteCard: fromPromise<CallResult<'deleteUserBankCard'>, { id: string }>(async () => {
      throw new Error('bankCardMachine: provide deleteCard');
    }),
  },
  guards: {
    ok: (_, p: { code: number }) => p.code === 0,
    encodeFailed: (_, p: SaveResult) => 'encodeFailed' in p,
    /** The list read and the flow starts on the add route. */
    okOnAdd: ({ context }, p: { code: number }) => p.code === 0 && context.start === 'add',
    /** The list read and the flow starts on the edit route of a card. */
    okOnEdit: ({ context }, p: { code: number }) =>
      p.code === 0 && context.start === 'edit' && !!context.startId,
    editing: ({ context }) => context.editingId !== undefined,
    formValid: ({ context }) => Object.keys(checkBankCard(context.form)).length === 0,
    shownField: ({ context, event }) =>
      event.type === 'field.change' &&
      (context.bankInfo || !BANK_INFO_FIELDS.includes(event.field)),
  },
  actions: {
    takeCards: assign((_, p: CardsResult) => ({
      cards: p.cards,
      failure: undefined,
    })),
    /** The start route is honoured once. */
    started: assign({ start: 'list' as const }),
    recordFailure: assign((_, p: { code: number }) => ({ failure: p.code })),
    forgetOutcome: assign({ outcome: undefined, failure: undefined }),
    newCard: assign({
      editingId: undefined,
      form: emptyForm(),
      errors: {},
      failure: undefined,
      outcome: undefined,
    }),
    pickStartCard: assign(({ context }) => ({ editingId: context.startId, startId: undefined })),
    pickCard: assign(({ event }) =>
      event.type === 'edit.open'
        ? { editingId: event.id, failure: undefined, outcome: undefined }
        : {},
    ),
    takeCard: assign((_, p: CardResult) => ({
      form: p.card ?? emptyForm(),
      errors: {},
    })),
    leaveCard: assign({ editingId: undefined }),
    edit: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            form: { ...context.form, [event.field]: clip(event.value, FIELD_MAX) },
            errors: { ...context.errors, [event.field]: undefined },
            failure: undefined,
            outcome: undefined,
          }
        : {},
    ),
    /** Refused by its own rules: the fields say why, and the toast of trading.md §8 says so too. */
    showErrors: assign(({ context }) => ({ errors: { ...checkBankCard(context.form) } })),
    announceInvalid: say('tips.validation_failed', 'error'),
    recordSaved: assign(({ context }) => ({
      outcome: context.editingId ? ('updated' as const) : ('added' as const),
    })),
    announceSaved: emit(({ context }) =>
      noticeEvent(context.editingId ? 'tips.update_success' : 'tips.add_success'),
    ),
    recordDeleted: assign({ outcome: 'deleted' as const }),
    announceDeleted: say('tips.delete_success'),
    recordUnsent: assign({ outcome: 'unsent' as const }),
    somethingWrong: say('tips.something_wrong', 'error'),
    /** A card that cannot be decoded has no reply code the client would have shown. */
    sayIfUndecodable: enqueueActions(({ enqueue }, p: { code: number }) => {
      if (p.code === -1) enqueue.emit(noticeEvent('tips.something_wrong', 'error'));
    }),
  },
}).createMachine({
  id: 'bankCard',
  context: ({ input }) => ({
    start: input.start ?? 'list',
    startId: input.id,
    bankInfo: input.bankInfo,
    cards: [],
    editingId: undefined,
    form: emptyForm(),
    errors: {},
    failure: undefined,
    outcome: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCards',
        src: 'loadCards',
        onDone: [
          {
            guard: { type: 'okOnAdd', params: doneOutput },
            target: 'form',
            actions: [{ type: 'takeCards', params: doneOutput }, 'started', 'newCard'],
          },
          {
            guard: { type: 'okOnEdit', params: doneOutput },
            target: 'loadingCard',
            actions: [{ type: 'takeCards', params: doneOutput }, 'started', 'pickStartCard'],
          },
          {
            guard: { type: 'ok', params: doneOutput },
            target: 'list',
            actions: [{ type: 'takeCards', params: doneOutput }, 'started'],
          },
          { target: 'failed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    failed: { on: { 'list.reload': 'loading' } },
    list: {
      on: {
        'list.reload': 'loading',
        'add.open': { target: 'form', actions: 'newCard' },
        'edit.open': { target: 'loadingCard', actions: 'pickCard' },
      },
    },
    loadingCard: {
      tags: ['busy'],
      invoke: {
        id: 'loadCard',
        src: 'loadCard',
        input: ({ context }) => ({ id: context.editingId ?? '' }),
        onDone: [
          {
            guard: { type: 'ok', params: doneOutput },
            target: 'form',
            actions: { type: 'takeCard', params: doneOutput },
          },
          // The card could not be read: back to the list.
          {
            target: 'list',
            actions: [
              { type: 'recordFailure', params: doneOutput },
              { type: 'sayIfUndecodable', params: doneOutput },
              'leaveCard',
            ],
          },
        ],
      },
    },
    form: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'field.change': { guard: 'shownField', actions: 'edit' },
            'form.submit': [
              { guard: 'formValid', target: '#bankCard.saving' },
              { actions: ['showErrors', 'announceInvalid'] },
            ],
            'delete.open': { guard: 'editing', target: 'confirm' },
            back: { target: '#bankCard.list', actions: ['forgetOutcome', 'leaveCard'] },
          },
        },
        confirm: {
          tags: ['drawer'],
          on: { 'delete.cancel': 'idle', 'delete.confirm': '#bankCard.deleting' },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }) => ({
          ...(context.editingId
            ? { id: context.editingId }
            : { known: context.cards.map((c) => c.id) }),
          card: cardPayload(context.form, context.bankInfo),
        }),
        onDone: [
          {
            guard: { type: 'ok', params: doneOutput },
            target: 'loading',
            actions: ['recordSaved', 'announceSaved', 'leaveCard'],
          },
          {
            guard: { type: 'encodeFailed', params: doneOutput },
            target: 'form',
            actions: ['recordUnsent', 'somethingWrong'],
          },
          { target: 'form', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteCard',
        src: 'deleteCard',
        input: ({ context }) => ({ id: context.editingId ?? '' }),
        onDone: [
          {
            guard: { type: 'ok', params: doneOutput },
            target: 'loading',
            actions: ['recordDeleted', 'announceDeleted', 'leaveCard'],
          },
          // Gone already (another tab) or refused (a withdrawal pays to it): the list as it is.
          {
            target: 'loading',
            actions: [{ type: 'recordFailure', params: doneOutput }, 'leaveCard'],
          },
        ],
      },
    },
  },
});
