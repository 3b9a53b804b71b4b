/**
 * Identity verification against the simulator: the record's status is made
 * real before it loads (submitted through the API, approved or rejected by
 * the back office), images are real PNG bytes read by the real actor (a
 * renamed non-image is refused by its bytes), 1014 comes from a record the
 * back office approved while the form was open. Only the load failure is
 * forced (HTTP 500), having no condition a user can cause.
 */
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { VerificationRecord } from '../../../src/api/types/user.ts';
import { verificationActors } from '../../../src/machines/verification/actors.ts';
import {
  SLOTS,
  verificationMachine,
  type VerificationContext,
  type VerificationInput,
} from '../../../src/machines/verification/machine.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { afterTurn, overNetwork, png, PNG_BYTES, PNG_URL } from '../../paths/specs/network.ts';
import { readImage } from '../../../src/machines/validation/wallet.ts';

type Snap = ReturnType<(typeof verificationMachine)['resolveState']>;

const NAME = 'Ann Lee';
const ID = 'X1234567';
const EMAIL = 'ann@example.com';
const BAD_EMAIL = 'not-mail';
const REASON = 'Photo blurred';

const good = (slot: string) => ({
  type: 'image.select',
  slot,
  file: { name: `${slot}.png`, size: PNG_BYTES.length, type: 'image/png' },
  blob: png(),
});
const badExtension = {
  type: 'image.select',
  slot: 'front',
  file: { name: 'front.gif', size: 100, type: 'image/gif' },
  blob: png(),
};
const gifPortrait = {
  type: 'image.select',
  slot: 'avatar',
  file: { name: 'avatar.gif', size: 100, type: 'image/gif' },
  blob: png(),
};
const tooBig = {
  type: 'image.select',
  slot: 'front',
  file: { name: 'front.jpg', size: 11 * 1024 * 1024, type: 'image/jpeg' },
  blob: png(),
};
/** Named like a picture, but its bytes are text. */
const renamed = {
  type: 'image.select',
  slot: 'front',
  file: { name: 'fake.png', size: 4, type: 'image/png' },
  blob: new Blob(['nope'], { type: 'image/png' }),
};

const record = (status: 0 | 1 | 2 | 3, full: boolean): VerificationRecord =>
  status === 0
    ? { realName: '', idCard: '', verifiedStatus: 0 }
    : {
        realName: NAME,
        idCard: ID,
        idType: 1,
        ...(full ? { authEmail: EMAIL, cardImgFront: PNG_URL } : {}),
        verifiedStatus: status,
        ...(status === 3 ? { remark: REASON } : {}),
      };
const loaded = (status: 0 | 1 | 2 | 3, full: boolean) => ({
  type: 'xstate.done.actor.loadRecord',
  output: { code: 0, data: record(status, full) },
});
const loadFailed = { type: 'xstate.done.actor.loadRecord', output: { code: -1, data: null } };
const submitOk = { type: 'xstate.done.actor.submit', output: { code: 0, data: null } };
const submit1014 = { type: 'xstate.done.actor.submit', output: { code: 1014, data: null } };

const emailClass = (v: string) => (v === '' ? '' : v === BAD_EMAIL ? 'bad' : 'good');
const errorKeys = (c: VerificationContext) =>
  Object.entries(c.errors)
    .filter(([, v]) => v)
    .map(([k]) => k)
    .sort();

function spec(input: VerificationInput): PathSpec {
  const full = input.variant === 'full';
  const call = full ? ('auth' as const) : ('juniorAuth' as const);
  const server = async (c: PathContext) => (await c.world.api.call(call)).data;
  /** The simulator's record, read synchronously (assertions must not let running actors finish). */
  const held = (c: PathContext) =>
    c.world.sim.ctx.state.account[full ? 'kyc' : 'junior'][c.data.uid as string];
  /** Submit through the API, as the user did earlier on another device. */
  const submitNow = (c: PathContext) =>
    full
      ? c.world.api.call('authSubmit', {
          metaData: JSON.stringify({
            realName: NAME,
            idCard: ID,
            idType: 1,
            authEmail: EMAIL,
            locale: 'en',
          }),
          cardImgFront: png(),
          cardImgReverse: png(),
          cardImgAvatar: png(),
        })
      : c.world.api.call('juniorAuthSubmit', {
          metaData: JSON.stringify({ realName: NAME, idCard: ID, idType: 1, locale: 'en' }),
        });
  const bring = async (c: PathContext, status: number) => {
    const uid = c.data.uid as string;
    const now = (await server(c))?.verifiedStatus;
    if (now === status) return;
    if (now !== 1) {
      reached('verification.bring: now !== 1');
      expect((await submitNow(c)).code).toBe(0);
    }
    if (status === 2) c.world.sim.backOffice.approveKyc(uid, !full);
    if (status === 3) c.world.sim.backOffice.rejectKyc(uid, REASON, !full);
  };

  return {
    name: `verification (${input.variant})`,
    machine: verificationMachine,
    input,
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        c.status,
        !!c.realName,
        !!c.idCard,
        c.idType ?? null,
        emailClass(c.authEmail),
        Object.keys(c.images).sort(),
        errorKeys(c),
        c.failure ?? null,
        c.pending?.name ?? null,
        c.queued.map((q) => q.slot),
        c.submitted,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const state = JSON.stringify(s.value);
      if (state === '"loading"') {
        if (c.submitted) return [loaded(1, full)];
        if (c.failure === -1) return [loaded(0, full)];
        return [...[0, 1, 2, 3].map((n) => loaded(n as 0, full)), loadFailed];
      }
      if (state === '"loadFailed"') return [{ type: 'load.retry' }];
      // After a 1014 the record stays verified on the server: only 1014 again.
      if (state === '"submitting"')
        return c.failure === undefined ? [submitOk, submit1014] : [submit1014];
      if (state === '{"editing":"preparing"}') {
        const read =
          c.pending?.name === 'fake.png'
            ? { type: 'xstate.done.actor.prepareImage', output: null }
            : { type: 'xstate.done.actor.prepareImage', output: PNG_URL };
        // The back of the ID chosen while the front is read: it waits its turn;
        // a file the rules refuse is refused at once, as when nothing is read.
        const next =
          c.pending?.name === 'front.png' && !c.images.reverse && c.queued.length === 0
            ? [good('reverse'), ...(errorKeys(c).length ? [] : [gifPortrait])]
            : [];
        return [read, ...next];
      }
      if (state !== '{"editing":"idle"}' || errorKeys(c).length) return [];
      // A short walk through the form: each field once, then the images, with
      // the error branches where they first apply.
      const change = (field: string, value: string) => ({ type: 'field.change', field, value });
      const fresh = full && c.status === 0;
      if (!c.realName) {
        return [
          change('realName', NAME),
          { type: 'form.submit' },
          ...(fresh ? [badExtension, tooBig, renamed] : []),
        ];
      }
      if (!c.idCard) return [change('idCard', ID)];
      if (c.idType === undefined) return [{ type: 'idType.change', value: 1 }];
      if (full && c.authEmail === '')
        return [change('authEmail', BAD_EMAIL), change('authEmail', EMAIL)];
      if (c.authEmail === BAD_EMAIL) return [{ type: 'form.submit' }];
      const n = Object.keys(c.images).length;
      if (fresh && n < 3) {
        return [
          good(SLOTS[n] as string),
          ...(n === 1 ? [{ type: 'image.remove', slot: 'front' }] : []),
          ...(n === 0 ? [{ type: 'form.submit' }] : []),
        ];
      }
      return [{ type: 'form.submit' }];
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        email: 'kyc@example.com',
        password: 'secret123',
      });
      world.session.token = u.token;
      return { uid: u.uid };
    },
    provide: (c) =>
      verificationMachine.provide({
        actors: verificationActors(overNetwork(c.world.api), {
          prepare: (blob) => afterTurn(readImage(blob)),
        }),
      }),
    async arrange(e: EventObject, c) {
      const out = (e as { output?: { code: number; data: VerificationRecord | null } }).output;
      if (e.type === 'xstate.done.actor.loadRecord') {
        if (out?.code === -1) c.world.sim.backOffice.force({ call, status: 500 });
        else await bring(c, out?.data?.verifiedStatus ?? 0);
      }
      // Approved by the back office while the form was open: the server refuses.
      if (e.type === 'xstate.done.actor.submit' && out?.code === 1014) {
        await bring(c, 2);
        c.data.approved = true;
      }
    },
    states: {
      loading: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('busy') && s.hasTag('locked')).toBe(true);
        expect(ctx.status).toBe(ctx.submitted ? 1 : -1);
        // A submission that went through is announced as the record is read again.
        expect(noticesOf(c)).toEqual(ctx.submitted ? ['submit_success_please_wait'] : []);
        if (ctx.submitted) {
          reached('verification.loading: ctx.submitted');
          expect(held(c)?.verifiedStatus).toBe(1);
        }
      },
      loadFailed: (s, c) => {
        expect((s as Snap).context.failure).toBe(-1);
        expect(s.hasTag('locked')).toBe(true);
        expect(c.world.toasts).toContain('Server error (500)');
        expect(held(c)?.verifiedStatus ?? 0).toBe(0);
      },
      verified: (s, c) => {
        const ctx = (s as Snap).context;
        expect(ctx.status).toBe(2);
        expect(s.hasTag('locked')).toBe(true);
        expect(s.can({ type: 'form.submit' })).toBe(false);
        expect(ctx.alreadyVerified).toBe(!!input.showVerified);
        expect(held(c)?.verifiedStatus).toBe(2);
      },
      editing: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('editable')).toBe(true);
        expect([0, 1, 3]).toContain(ctx.status);
        const rec = held(c);
        // 1014: the back office approved it meanwhile; otherwise the form shows the server's status.
        expect(rec?.verifiedStatus ?? 0).toBe(ctx.failure === 1014 ? 2 : ctx.status);
        expect(ctx.remark).toBe(ctx.status === 3 ? REASON : undefined);
        // Announced with the step into loading, not again here.
        expect(noticesOf(c)).toEqual([]);
        if (ctx.submitted) {
          reached('verification.editing: ctx.submitted');
          expect(rec).toMatchObject({ realName: NAME, idCard: ID, idType: 1 });
          // Kept in the simulator's upload area, referenced from the record.
          if (full) {
            reached('verification.editing: full');
            expect(rec?.cardImgAvatar).toMatch(/^upload:\d+$/);
          }
        }
        if (ctx.status !== 0) {
          reached('verification.editing: ctx.status !== 0');
          expect(ctx.realName).toBe(NAME);
        }
      },
      'editing.idle': (s) => {
        const ctx = (s as Snap).context;
        expect(ctx.pending).toBeUndefined();
        // Nothing chosen is left waiting: idle reads the queue at once.
        expect(ctx.queued).toEqual([]);
        for (const [slot, img] of Object.entries(ctx.images)) expect(img.url, slot).toBe(PNG_URL);
        const errs = errorKeys(ctx);
        if (errs.includes('realName')) {
          reached("verification.editing.idle: errs.includes('realName')");
          // Submitted empty: every required field and (status 0, full) every image.
          expect(ctx.errors.realName).toBe('p_t_real_name');
          expect(ctx.errors.idCard).toBe('p_t_id_card');
          if (full && ctx.status === 0) {
            reached('verification.editing.idle: full && ctx.status === 0');
            expect(ctx.errors.avatar).toBe('p_u_id_card_avatar');
          }
        } else if (ctx.errors.front === 'p_u_id_card_front') {
          reached("verification.editing.idle: ctx.errors.front === 'p_u_id_card_front'");
          // Submitted at status 0 without the images.
          expect(ctx.errors).toMatchObject({
            reverse: 'p_u_id_card_reverse',
            avatar: 'p_u_id_card_avatar',
          });
        } else if (errs.includes('front')) {
          reached("verification.editing.idle: errs.includes('front')");
          // A refused file: extension, size, or bytes that are not a picture.
          expect(['illegal_extension', 'upload_limit']).toContain(ctx.errors.front);
          expect(ctx.images.front).toBeUndefined();
        }
        if (errs.includes('authEmail')) {
          reached("verification.editing.idle: errs.includes('authEmail')");
          expect(ctx.errors.authEmail).toBe('wrong_email');
        }
      },
      'editing.preparing': (s) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('busy')).toBe(true);
        expect(ctx.pending?.slot).toBeDefined();
        // One waiting file per slot, never the one read now twice over.
        const slots = ctx.queued.map((q) => q.slot);
        expect(new Set(slots).size).toBe(slots.length);
        // The queued back of the ID is read right after the front.
        if (ctx.pending?.slot === 'reverse') {
          reached("verification.editing.preparing: ctx.pending?.slot === 'reverse'");
          expect(ctx.images.front?.url ?? null).not.toBeNull();
        }
        // A refused file is not queued: its error shows at once.
        if (ctx.errors.avatar) {
          reached('verification.editing.preparing: ctx.errors.avatar');
          expect(ctx.errors.avatar).toBe('illegal_extension');
          expect(slots).not.toContain('avatar');
        }
      },
      submitting: (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.hasTag('locked')).toBe(true);
        expect(errorKeys(ctx)).toEqual([]);
        expect(ctx.realName && ctx.idCard).toBeTruthy();
        // Nothing is stored until the server answers (unless the back office approved meanwhile).
        expect(held(c)?.verifiedStatus ?? 0).toBe(c.data.approved ? 2 : ctx.status);
      },
    },
  };
}

export const specs: PathSpec[] = [
  spec({
    variant: 'full',
    twoTypeVerified: true,
    addVerifiedEmail: true,
    showVerified: true,
    locale: 'en',
  }),
  spec({ variant: 'junior', twoTypeVerified: true, locale: 'en' }),
];
