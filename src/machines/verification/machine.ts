/**
 * Identity verification, full and junior (user-centre.md §2 "Verification",
 * §3 "Verification record", §4 "Verification status", §5).
 *
 * - The record loads first (auth / juniorAuth, GET): status -1 while loading,
 *   then 0 not submitted, 1 authenticating, 2 authenticated, 3 failed (the
 *   failure reason, `remark`, is shown).
 * - The form is editable and submittable only when status is 0, 1 or 3
 *   (state `editing`); status 2 is `verified` (tag `locked`), with the
 *   already-verified message when showVerified is on.
 * - Fields: real name (p_t_real_name), id type 0/1/2 (only with
 *   twoTypeVerified), id number (p_t_id_card), e-mail (only with
 *   addVerifiedEmail, full variant; wrong_email when not an address), all at
 *   most 140 characters. The full variant also takes id front, id reverse and
 *   a portrait, required when status is 0 (p_u_id_card_front,
 *   p_u_id_card_reverse, p_u_id_card_avatar); heic/jpg/jpeg/png up to 10 MB
 *   (illegal_extension, upload_limit). A file chosen while another is read
 *   (converted and compressed: seconds for a HEIC on a slow phone) waits its
 *   turn, one per slot, the latest choice winning; none is dropped.
 * - Submit: authSubmit / juniorAuthSubmit, multipart, fields in metaData with
 *   the locale, images as files. Success shows submit_success_please_wait and
 *   reloads the record (status 1).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { IdType, VerifiedStatus } from '../../api/types/user.ts';
import { clip } from '../validation/access.ts';
import {
  checkAuthEmail,
  checkIdCard,
  checkImage,
  checkRealName,
  type FileMeta,
  ID_IMAGE_KEYS,
  type ImageValue,
} from '../validation/wallet.ts';
import { say, type NoticeEvent } from '../notice.ts';
import type { CallResult } from '../../api/client.ts';
import { doneOutput } from '../events.ts';

// ── The input, the context and the events ──

export type Variant = 'full' | 'junior';
export type Slot = keyof typeof ID_IMAGE_KEYS;
export type Field = 'realName' | 'idCard' | 'authEmail';

export interface VerificationInput {
  variant: Variant;
  twoTypeVerified?: boolean;
  addVerifiedEmail?: boolean;
  showVerified?: boolean;
  /** Sent in metaData. */
  locale?: string;
}

export interface VerificationContext {
  variant: Variant;
  twoTypeVerified: boolean;
  addVerifiedEmail: boolean;
  showVerified: boolean;
  locale: string;
  /** -1 until the record has loaded. */
  status: VerifiedStatus;
  realName: string;
  idType: IdType | undefined;
  idCard: string;
  authEmail: string;
  /** Images chosen now (data URLs). */
  images: Partial<Record<Slot, ImageValue>>;
  /** Images already on the record (shown until replaced). */
  saved: Partial<Record<Slot, string>>;
  /** The file being read, and its slot. */
  pending: Chosen | undefined;
  /**
   * Files chosen while another is read, in order, one per slot (a later
   * choice for the same slot replaces it): read next, none dropped. A slow
   * phone takes seconds for a HEIC, and the pickers stay usable meanwhile.
   */
  queued: Chosen[];
  /** Failure reason of a rejected verification (status 3). */
  remark: string | undefined;
  /** Status 2 with showVerified: the already-verified message. */
  alreadyVerified: boolean;
  /** Message keys per field or image slot. */
  errors: Partial<Record<Field | Slot, string>>;
  /** Last failing reply code. */
  failure: number | undefined;
  /** A submission went through while the screen was open (the record was read again after it). */
  submitted: boolean;
}

/** A chosen image file, for one slot. */
export type Chosen = FileMeta & { slot: Slot; blob: Blob };

export type VerificationEvent =
  | { type: 'field.change'; field: Field; value: string }
  | { type: 'idType.change'; value: IdType | undefined }
  | { type: 'image.select'; slot: Slot; file: FileMeta; blob: Blob }
  | { type: 'image.remove'; slot: Slot }
  | { type: 'form.submit' }
  | { type: 'load.retry' };

export type LoadResult = CallResult<'auth'> | CallResult<'juniorAuth'>;
export type SubmitResult = CallResult<'authSubmit'> | CallResult<'juniorAuthSubmit'>;
export interface SubmitInput {
  variant: Variant;
  metaData: string;
  /** Data URLs of the images to send. */
  images: Partial<Record<Slot, string>>;
}
export interface PrepareInput {
  /** The pending file's bytes (always there while one is read). */
  blob: Blob | undefined;
}

// ── Readers ──

export const SLOTS = Object.keys(ID_IMAGE_KEYS).filter((k): k is Slot => k in ID_IMAGE_KEYS);

export const errorsOf = (c: VerificationContext): VerificationContext['errors'] => {
  const e: VerificationContext['errors'] = {
    realName: checkRealName(c.realName),
    idCard: checkIdCard(c.idCard),
  };
  if (c.variant === 'full' && c.addVerifiedEmail) e.authEmail = checkAuthEmail(c.authEmail);
  if (c.variant === 'full' && c.status === 0) {
    for (const slot of SLOTS) if (!c.images[slot]) e[slot] = ID_IMAGE_KEYS[slot];
  }
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
};

const metaData = (c: VerificationContext): string =>
  JSON.stringify({
    realName: c.realName.trim(),
    idCard: c.idCard.trim(),
    ...(c.twoTypeVerified && c.idType !== undefined ? { idType: c.idType } : {}),
    ...(c.variant === 'full' && c.addVerifiedEmail && c.authEmail.trim()
      ? { authEmail: c.authEmail.trim() }
      : {}),
    locale: c.locale,
  });

// ── The machine ──

/** An image.select event's file, as held until it is read. */
const chosen = (e: Extract<VerificationEvent, { type: 'image.select' }>): Chosen => ({
  slot: e.slot,
  name: e.file.name,
  size: e.file.size,
  type: e.file.type,
  blob: e.blob,
});

/** Verification fields are at most 140 characters (§5, §9). */
const FIELD_MAX = 140;

export const verificationMachine = setup({
  types: {
    context: {} as VerificationContext,
    events: {} as VerificationEvent,
    emitted: {} as NoticeEvent,
    input: {} as VerificationInput,
  },
  actors: {
    loadRecord: fromPromise<LoadResult, { variant: Variant }>(async () => {
      throw new Error('verificationMachine: provide loadRecord');
    }),
    prepareImage: fromPromise<string | null, PrepareInput>(async () => {
      throw new Error('verificationMachine: provide prepareImage');
    }),
    submit: fromPromise<SubmitResult, SubmitInput>(async () => {
      throw new Error('verificationMachine: provide submit');
    }),
  },
  guards: {
    isVerified: (_, r: LoadResult) => r.code === 0 && r.data?.verifiedStatus === 2,
    loaded: (_, r: LoadResult) => r.code === 0 && !!r.data,
    submitted: (_, r: SubmitResult) => r.code === 0,
    imageRead: (_, url: string | null) => typeof url === 'string',
    formValid: ({ context }) => Object.keys(errorsOf(context)).length === 0,
    twoTypes: ({ context }) => context.twoTypeVerified,
    full: ({ context }) => context.variant === 'full',
    imageAcceptable: ({ context, event }) =>
      context.variant === 'full' && event.type === 'image.select' && !checkImage(event.file),
    queued: ({ context }) => context.queued.length > 0,
  },
  actions: {
    /** After `loaded` or `isVerified`: the reply has a record. */
    applyRecord: assign(({ context }, load: LoadResult) => {
      const r = load.data;
      if (!r) return {};
      return {
        status: r.verifiedStatus,
        realName: r.realName ?? '',
        idCard: r.idCard ?? '',
        idType: r.idType,
        authEmail: r.authEmail ?? '',
        saved: {
          ...(r.cardImgFront ? { front: r.cardImgFront } : {}),
          ...(r.cardImgReverse ? { reverse: r.cardImgReverse } : {}),
          ...(r.cardImgAvatar ? { avatar: r.cardImgAvatar } : {}),
        },
        images: {},
        remark: r.verifiedStatus === 3 ? r.remark : undefined,
        alreadyVerified: r.verifiedStatus === 2 && context.showVerified,
        errors: {},
      };
    }),
    recordFailure: assign((_, r: { code: number }) => ({ failure: r.code })),
    edit: assign(({ context, event }) =>
      event.type === 'field.change'
        ? {
            [event.field]: clip(event.value, FIELD_MAX),
            errors: { ...context.errors, [event.field]: undefined },
          }
        : {},
    ),
    setIdType: assign(({ event }) =>
      event.type === 'idType.change' ? { idType: event.value } : {},
    ),
    rejectImage: assign(({ context, event }) =>
      event.type === 'image.select'
        ? { errors: { ...context.errors, [event.slot]: checkImage(event.file) } }
        : {},
    ),
    markPending: assign(({ event }) =>
      event.type === 'image.select' ? { pending: chosen(event) } : {},
    ),
    /** Chosen while another is read: after it, replacing an earlier choice for that slot. */
    enqueue: assign(({ context, event }) =>
      event.type === 'image.select'
        ? {
            queued: [...context.queued.filter((q) => q.slot !== event.slot), chosen(event)],
            errors: { ...context.errors, [event.slot]: undefined },
          }
        : {},
    ),
    dequeue: assign(({ context }) => ({
      pending: context.queued[0],
      queued: context.queued.slice(1),
    })),
    /** After `imageRead`: the data URL of the pending file. */
    setImage: assign(({ context }, url: string | null) => {
      const p = context.pending;
      if (!p || url === null) return {};
      const { slot, blob: _read, ...file } = p;
      return {
        pending: undefined,
        images: { ...context.images, [slot]: { ...file, url } },
        errors: { ...context.errors, [slot]: undefined },
      };
    }),
    /** The bytes are not a picture: the same message as a wrong extension. */
    unreadableImage: assign(({ context }) => ({
      pending: undefined,
      errors: context.pending
        ? { ...context.errors, [context.pending.slot]: 'illegal_extension' }
        : context.errors,
    })),
    removeImage: assign(({ context, event }) => {
      if (event.type !== 'image.remove') return {};
      const { [event.slot]: _gone, ...images } = context.images;
      return { images, queued: context.queued.filter((q) => q.slot !== event.slot) };
    }),
    showErrors: assign(({ context }) => ({ errors: errorsOf(context) })),
    recordSubmitted: assign({ failure: undefined, status: 1, submitted: true }),
    announce: say('submit_success_please_wait'),
  },
}).createMachine({
  id: 'verification',
  context: ({ input }) => ({
    variant: input.variant,
    twoTypeVerified: input.twoTypeVerified ?? false,
    addVerifiedEmail: input.addVerifiedEmail ?? false,
    showVerified: input.showVerified ?? false,
    locale: input.locale ?? 'en',
    status: -1,
    realName: '',
    idType: undefined,
    idCard: '',
    authEmail: '',
    images: {},
    saved: {},
    pending: undefined,
    queued: [],
    remark: undefined,
    alreadyVerified: false,
    errors: {},
    failure: undefined,
    submitted: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'locked'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ variant: context.variant }),
        onDone: [
          {
            guard: { type: 'isVerified', params: doneOutput },
            target: 'verified',
            actions: { type: 'applyRecord', params: doneOutput },
          },
          {
            guard: { type: 'loaded', params: doneOutput },
            target: 'editing',
            actions: { type: 'applyRecord', params: doneOutput },
          },
          { target: 'loadFailed', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
    loadFailed: {
      tags: ['locked', 'error'],
      on: { 'load.retry': 'loading' },
    },
    verified: { tags: ['locked', 'done'] },
    editing: {
      tags: ['editable'],
      initial: 'idle',
      on: {
        'field.change': { actions: 'edit' },
        'idType.change': { guard: 'twoTypes', actions: 'setIdType' },
        'image.remove': { guard: 'full', actions: 'removeImage' },
      },
      states: {
        idle: {
          // What was chosen while the last file was read is read next.
          always: { guard: 'queued', target: 'preparing', actions: 'dequeue' },
          on: {
            'image.select': [
              { guard: 'imageAcceptable', target: 'preparing', actions: 'markPending' },
              { guard: 'full', actions: 'rejectImage' },
            ],
            'form.submit': [
              { guard: 'formValid', target: '#verification.submitting' },
              { actions: 'showErrors' },
            ],
          },
        },
        preparing: {
          tags: ['busy'],
          on: {
            'image.select': [
              { guard: 'imageAcceptable', actions: 'enqueue' },
              { guard: 'full', actions: 'rejectImage' },
            ],
          },
          invoke: {
            id: 'prepareImage',
            src: 'prepareImage',
            input: ({ context }) => ({ blob: context.pending?.blob }),
            onDone: [
              {
                guard: { type: 'imageRead', params: doneOutput },
                target: 'idle',
                actions: { type: 'setImage', params: doneOutput },
              },
              { target: 'idle', actions: 'unreadableImage' },
            ],
          },
        },
      },
    },
    submitting: {
      tags: ['busy', 'locked'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          variant: context.variant,
          metaData: metaData(context),
          images: Object.fromEntries(
            Object.entries(context.images).map(([slot, img]) => [slot, img.url]),
          ),
        }),
        onDone: [
          {
            guard: { type: 'submitted', params: doneOutput },
            target: 'loading',
            actions: ['recordSubmitted', 'announce'],
          },
          { target: 'editing', actions: { type: 'recordFailure', params: doneOutput } },
        ],
      },
    },
  },
});
