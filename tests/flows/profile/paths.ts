/**
 * Profile against the simulator: a real user's info, a real nickname and PNG
 * avatar saved (read back from user info), an illegal nickname refused by the
 * server (23558), pictures refused by the rules (extension, 10 MB), a picked
 * file that can no longer be read, and log-out. A user-info failure is forced
 * (1012: a transient query failure has no user-made cause) so a retry can pass.
 */
import { expect } from 'vitest';
import { profileActors } from '../../../src/machines/profile/actors.ts';
import { profileMachine, type ProfileContext } from '../../../src/machines/profile/machine.ts';
import { session, setSession } from '../../../src/state/session.ts';
import { noticesOf, reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

const PASSWORD = 'secret123';
const ORIG = 'ann';
const NEW = 'Ann B';
const ILLEGAL = 'ann<b>';

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (ch) => ch.charCodeAt(0),
);
/** A picked file that was removed before it could be read (the read fails, as a browser's does, on a later task). */
class GoneFile extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return new Promise((_, reject) =>
      setImmediate(() =>
        reject(new DOMException('The file could not be read', 'NotReadableError')),
      ),
    );
  }
}
const FILES = {
  good: { name: 'me.png', file: new Blob([PNG], { type: 'image/png' }) },
  gif: { name: 'me.gif', file: new Blob([PNG], { type: 'image/gif' }) },
  huge: { name: 'big.png', file: new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]) },
  gone: { name: 'gone.png', file: new GoneFile([PNG], { type: 'image/png' }) },
} as const;
const select = (k: keyof typeof FILES) => ({ type: 'avatar.select', ...FILES[k] });

type Snap = ReturnType<(typeof profileMachine)['resolveState']>;

const nickClass = (v: string) =>
  ({ '': 'empty', [ORIG]: 'orig', [NEW]: 'new', [ILLEGAL]: 'illegal' })[v] ?? 'other';

const infoOk = (c: ProfileContext, registerType: 'P' | 'E') => ({
  type: 'xstate.done.actor.loadUser',
  output: { code: 0, data: { uid: 'u', nick: c.nick || ORIG, registerType, inviteCode: 'X' } },
});
const infoFailed = { type: 'xstate.done.actor.loadUser', output: { code: 1012, data: null } };

const serverUser = async (c: PathContext) => {
  const r = await c.world.api.call('userInfo');
  expect(r.code).toBe(0);
  return r.data!;
};

const PNG_URL = /^data:image\/png;base64,iVBORw0KGgo/;

function spec(mobile: boolean): PathSpec {
  const registerType = mobile ? 'P' : 'E';
  return {
    name: `profile (${mobile ? 'mobile, phone user' : 'desktop, e-mail user'})`,
    machine: profileMachine,
    input: { mobile, flags: { bindEmail: true, privacy: true } },
    serialize: (s) => {
      const c = (s as Snap).context;
      return JSON.stringify([
        s.value,
        nickClass(c.nick),
        c.user ? nickClass(c.user.nick) : null,
        c.avatar ? 'picked' : c.pending ? `pending ${c.pending}` : 'none',
        c.errors.nick ?? null,
        c.errors.avatar ?? null,
        c.failure ?? null,
        c.outcome ?? null,
      ]);
    },
    events: (s) => {
      const c = (s as Snap).context;
      const nick = (value: string) => ({ type: 'field.change', field: 'nick', value });
      switch (s.value) {
        case 'loading':
          return c.user || c.failure !== undefined
            ? [infoOk(c, registerType)]
            : [infoOk(c, registerType), infoFailed];
        case 'failed':
          return [{ type: 'info.reload' }];
        case 'readingAvatar':
          return [
            {
              type: 'xstate.done.actor.readAvatar',
              output:
                c.pending === FILES.gone.name
                  ? { name: c.pending }
                  : { name: c.pending, dataUrl: 'data:image/png;base64,' },
            },
          ];
        case 'saving':
          return [
            {
              type: 'xstate.done.actor.saveProfile',
              output: { code: c.nick === ILLEGAL ? 23558 : 0, data: null },
            },
          ];
        case 'confirmLogout':
          return [{ type: 'logout.cancel' }, { type: 'logout.confirm' }];
        case 'editing': {
          const fresh = !c.avatar && !c.errors.avatar && c.outcome !== 'unreadable';
          return [
            ...(c.nick === ORIG
              ? [nick(NEW), nick(''), nick(ILLEGAL)]
              : c.nick === '' || c.nick === ILLEGAL
                ? [nick(NEW)]
                : []),
            ...(fresh
              ? [select('good'), select('gif'), select('huge'), select('gone')]
              : !c.avatar
                ? [select('good')]
                : []),
            { type: 'form.submit' },
            ...(c.nick === ORIG && !c.avatar ? [{ type: 'logout.open' }] : []),
          ];
        }
        default:
          return [];
      }
    },
    async setup(world) {
      const u = await world.sim.backOffice.seedUser({
        ...(mobile ? { phone: '14155552671' } : { email: 'ann@example.com' }),
        password: PASSWORD,
        nick: ORIG,
      });
      world.session.token = u.token;
      setSession(u.token);
      return { uid: u.uid, token: u.token };
    },
    provide: (c) => profileMachine.provide({ actors: profileActors(c.world.api) }),
    arrange(e, c) {
      const out = (e as { output?: { code: number } }).output;
      if (e.type === 'xstate.done.actor.loadUser' && out?.code === 1012) {
        c.world.sim.backOffice.force({ call: 'userInfo', code: 1012 });
      }
    },
    states: {
      loading: (s, c) => {
        expect(s.hasTag('busy')).toBe(true);
        // A save on desktop is announced as the profile is read back.
        expect(noticesOf(c)).toEqual(
          (s as Snap).context.outcome === 'saved' ? ['tips.update_success'] : [],
        );
      },
      failed: (s, c) => {
        expect((s as Snap).context.failure).toBe(1012);
        expect((s as Snap).context.user).toBeUndefined();
        expect(c.world.toasts.at(-1)).toMatch(/\(code 1012\)/);
      },
      editing: async (s, c) => {
        const ctx = (s as Snap).context;
        // The one notice on arriving here: the picked avatar could not be read.
        const said = noticesOf(c);
        if (said.length) {
          reached('profile.editing: said.length');
          expect(said).toEqual(['tips.something_wrong']);
          expect(ctx.outcome).toBe('unreadable');
        }
        const u = await serverUser(c);
        expect(ctx.user?.uid).toBe(c.data.uid);
        expect(ctx.user?.nick).toBe(u.nick);
        expect(ctx.user?.registerType).toBe(registerType);
        expect(ctx.user?.avatar).toBe(u.avator);
        expect(ctx.menu).toEqual({
          bindEmail: registerType === 'P',
          privacy: true,
          inviteCode: !mobile,
          serviceEmail: !mobile,
        });
        if (ctx.errors.nick) {
          reached('profile.editing: ctx.errors.nick');
          expect(ctx.errors.nick).toBe('p_t_nickname');
        }
        if (ctx.errors.avatar) {
          reached('profile.editing: ctx.errors.avatar');
          expect(['illegal_extension', 'upload_limit']).toContain(ctx.errors.avatar);
        }
        if (ctx.avatar) {
          reached('profile.editing: ctx.avatar');
          expect(ctx.avatar.dataUrl).toMatch(PNG_URL);
        }
        expect(ctx.pending).toBeUndefined();
        if (ctx.failure === 23558) {
          reached('profile.editing: ctx.failure === 23558');
          // Refused by the server: nothing changed there.
          expect(c.world.toasts.at(-1)).toMatch(/\(code 23558\)/);
          expect(u.nick).toBe(ORIG);
        }
        if (ctx.outcome === 'saved') {
          reached("profile.editing: ctx.outcome === 'saved'");
          // Desktop, read back after the save: the form shows what the server keeps.
          expect(mobile).toBe(false);
          expect(ctx.nick).toBe(u.nick);
          expect(ctx.avatar).toBeUndefined();
        }
        if (ctx.outcome === 'unreadable') {
          reached("profile.editing: ctx.outcome === 'unreadable'");
          expect(ctx.avatar).toBeUndefined();
        }
      },
      readingAvatar: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.pending).toMatch(/\.png$/);
      },
      saving: (s) => {
        expect(s.hasTag('busy')).toBe(true);
        expect((s as Snap).context.nick.trim()).not.toBe('');
      },
      confirmLogout: (s) => {
        expect(s.hasTag('drawer')).toBe(true);
        expect(session.token).toBeTruthy();
      },
      saved: async (s, c) => {
        const ctx = (s as Snap).context;
        expect(s.output).toEqual({ reason: 'saved', to: '/user' });
        expect(ctx.outcome).toBe('saved');
        expect(noticesOf(c)).toEqual(['tips.update_success']);
        const u = await serverUser(c);
        expect(u.nick).toBe(ctx.nick);
        if (ctx.avatar) {
          reached('profile.saved: ctx.avatar');
          expect(u.avator).toMatch(PNG_URL);
        } else {
          reached('profile.saved: not (ctx.avatar)');
          expect(u.avator).toBeUndefined();
        }
      },
      loggedOut: (s, c) => {
        expect(s.output).toEqual({ reason: 'loggedOut', ...(mobile ? { to: '/' } : {}) });
        expect(noticesOf(c)).toEqual(['log_out_success']);
        expect(session.token).toBeUndefined();
      },
    },
  };
}

export const specs: PathSpec[] = [spec(true), spec(false)];
