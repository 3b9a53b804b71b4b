/**
 * The session against the simulator, with the session store shared by the
 * machine and the test client (as in the app): a real sign-in, the user info
 * and unread count of that user (a message sent by the back office raises
 * it), real session checks on the simulator's clock, real refreshes.
 *
 * Time: each check comes 60 s after the last (the framework moves the
 * simulator's clock by the delay). The refresh and expiry cases jump the
 * clock first, as a sleeping laptop does, so the check lands under 5 minutes
 * before the token's expiry, or after it; a token stored before lunch
 * arrives past its expiry (the clock jumps between the sign-in and the
 * store). A call's 401 renews the session through the client (the same
 * account's new token comes back through the store). Session ends come from
 * real conditions: a removed user (1002 from user info, -1 from the check),
 * a blocked user (renewal refused), sessions ended by the back office (the
 * client's 401 clears the store: `session.cleared`). A 500 is forced where a
 * call must fail without ending the session.
 */
import { expect } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import {
  sessionMachine,
  type RefreshResult,
  type SessionContext,
} from '../../../src/machines/session/machine.ts';
import { sessionActors } from '../../../src/machines/session/actors.ts';
import { SESSION_REFRESH_BEFORE_MS } from '../../../src/config/constants.ts';
import { decodeToken, session } from '../../../src/state/session.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';
import { t } from '../../support/i18n.ts';

const EMAIL = 'ann@example.com';
const PASSWORD = 'secret123';
const MIN = 60_000;

type Snap = ReturnType<(typeof sessionMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as SessionContext;

/** A token shaped like the server's, for the graph (runs use the real ones). */
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const graphToken = (expMs: number, virtualStatus = '0') =>
  `${b64({ alg: 'HS256' })}.${b64({ uid: '1', virtualStatus, aesKey: 'k', exp: expMs / 1000 })}.x`;

const signIn = {
  type: 'session.signedIn',
  token: graphToken(30 * MIN),
  refreshToken: 'R',
  at: 0,
};
/** The app opens with a token stored before lunch: past its expiry on the server's clock. */
const signInLate = { ...signIn, at: 31 * MIN };
const switched = { type: 'session.signedIn', token: graphToken(30 * MIN, '1'), refreshToken: 'R' };
const done = (id: string, output: object) => ({ type: `xstate.done.actor.${id}`, output });
/** The app read the system config: virtual trading is off (the back office switched it). */
const flagsOff = { type: 'flags.change', virtualTrading: false };
const user = { uid: '1', nick: 'ann', inviteCode: 'ABC', account: {}, registerType: 'E' };

/** When the check lands: `at` is its clock relative to the token's expiry. */
const CHECKS = {
  fresh: { code: 0, before: 29 * MIN, fault: undefined },
  due: { code: 0, before: 4 * MIN, fault: undefined },
  /** A 401: expired on the server's clock. */
  expired: { code: -1, before: -1000, fault: 'unauthorized' },
  invalid: { code: -1, before: 29 * MIN, fault: undefined },
  /** The server could not be reached: not a verdict on the session. */
  down: { code: -1, before: 29 * MIN, fault: 'http' },
} as const;
type CheckClass = keyof typeof CHECKS;
const checkClass = (e: EventObject) => (e as EventObject & { cls?: CheckClass }).cls;

const gatesOf = (c: PathContext) => c.data.gates as Gates;
/**
 * The renewal starts when its state's assertion has run, not at once: its
 * refusal ends the session a moment after the machine hears of it (the
 * client's one end), which a reply held back by a gate would come after.
 */
const startGated = (c: PathContext, real: ReturnType<typeof sessionActors>['refresh']) =>
  fromPromise<RefreshResult, { token: string }>(async (args) => {
    await new Promise<void>((go) => (c.data.startRefresh = go));
    return (real as unknown as { config: (a: typeof args) => Promise<RefreshResult> }).config(args);
  });
/** The back office blocks the user: the server refuses to renew the session. */
const block = (c: PathContext) => {
  c.world.sim.backOffice.blockUser(uidOf(c), true);
  c.data.blocked = true;
};
const uidOf = (c: PathContext) => c.data.uid as string;
const quiet = { noAlert: true };

/** The same account's next token, as a renewal by the client brings it back through the store. */
const renewedBy401 = (c: SessionContext) => ({
  type: 'session.signedIn',
  token: graphToken((c.expiresAt ?? 0) + 30 * MIN, c.demo ? '1' : '0'),
  refreshToken: 'R2',
  at: 0,
  renewed: true,
});
const isRenewal = (e: EventObject) => (e as EventObject & { renewed?: boolean }).renewed === true;
/** The token in the store expires at (ms). */
const storedExp = () => (decodeToken(session.token)?.exp ?? 0) * 1000;

export const specs: PathSpec[] = [
  {
    name: 'session',
    machine: sessionMachine,
    serialize: (s) => {
      const c = ctx(s);
      return JSON.stringify([
        s.value,
        c.demo,
        !!c.user,
        c.reason ?? '',
        c.virtualTrading ?? '',
        c.wanted ?? '',
      ]);
    },
    events: (s) => {
      const c = ctx(s);
      if (s.matches('signedOut')) return c.reason ? [] : [signIn, signInLate];
      if (s.matches({ signedIn: 'loadingUser' })) {
        const ok = done('userInfo', { code: 0, data: user });
        // The first load explores the failures; later loads succeed.
        return c.user || c.demo || c.virtualTrading === false
          ? [ok]
          : [ok, done('userInfo', { code: 1002, data: null }), done('userInfo', { code: -1 })];
      }
      if (s.matches({ signedIn: 'loadingUnread' }))
        return [
          done('unreadCount', { code: 0, data: { count: 1 } }),
          done('unreadCount', { code: -1, data: null }),
        ];
      if (s.matches({ signedIn: 'checking' })) {
        const exp = c.expiresAt ?? 0;
        return (Object.keys(CHECKS) as CheckClass[]).map((cls) => ({
          ...done('check', {
            code: CHECKS[cls].code,
            data: null,
            now: exp - CHECKS[cls].before,
            ...(CHECKS[cls].fault ? { fault: CHECKS[cls].fault } : {}),
          }),
          cls,
        }));
      }
      if (s.matches({ signedIn: 'refreshing' })) {
        const token = graphToken((c.expiresAt ?? 0) + 30 * MIN, c.demo ? '1' : '0');
        return [
          done('refresh', { outcome: 'renewed', token, refreshToken: 'R2' }),
          // Refused: the user was blocked meanwhile.
          done('refresh', { outcome: 'refused' }),
          // No verdict (a 500): tried on arrival only, where the user's load renews it.
          ...(c.user ? [] : [done('refresh', { outcome: 'unreachable' })]),
          // A profile saved or a notice read while the token is refreshed: done right after
          // (on arrival no screen of the account is up yet to ask).
          ...(c.wanted || !c.user ? [] : [{ type: 'user.reload' }, { type: 'unread.refresh' }]),
        ];
      }
      if (s.matches({ signedIn: 'idle' }))
        return [
          { type: 'window.focus' },
          { type: 'unread.refresh' },
          { type: 'user.reload' },
          { type: 'session.logout' },
          { type: 'session.cleared' },
          // A read met a 401 (the token expired between checks): the client renewed the session.
          renewedBy401(c),
          // The simulator refuses the switch to demo once virtual trading is off.
          ...(c.demo || c.virtualTrading === false ? [] : [switched]),
          ...(c.virtualTrading === false ? [] : [flagsOff]),
        ];
      return [];
    },
    systemEvents: ['session.signedIn', 'session.cleared'],
    async setup(world) {
      // As in the app, the client reads and clears the one session store.
      Object.defineProperty(world.session, 'token', {
        get: () => session.token,
        set: (v: string | undefined) => void (session.token = v),
      });
      const { uid } = await world.sim.backOffice.seedUser({ email: EMAIL, password: PASSWORD });
      return { uid };
    },
    provide: (c) => {
      const real = sessionActors(c.world.api, () => c.world.clock.now());
      const gates = createGates();
      c.data.gates = gates;
      return sessionMachine.provide({
        actors: {
          watchToken: real.watchToken,
          renewal: real.renewal,
          userInfo: gates.hold('userInfo', real.userInfo),
          unreadCount: gates.hold('unreadCount', real.unreadCount),
          check: gates.hold('check', real.check),
          refresh: startGated(c, real.refresh),
        },
        actions: { goHome: () => void (c.data.wentHome = true) },
      });
    },
    resolve(e, c) {
      // As in the app: the flag is switched off on the server, then the app reads it again.
      if (e.type === 'flags.change') {
        c.world.sim.backOffice.setFlag('virtualTrading', false);
        c.data.virtualOff = true;
      }
      return e;
    },
    async arrange(e: EventObject, c) {
      const bo = c.world.sim.backOffice;
      const api = c.world.api;
      const out = (e as EventObject & { output?: { code: number } }).output;
      switch (e.type) {
        case 'session.signedIn': {
          if (isRenewal(e)) {
            reached('session.arrange: a read renews the session after its 401');
            // The token expires between two checks; the next read meets a 401.
            c.world.clock.advance(storedExp() - c.world.clock.now() + 1000);
            const before = session.token;
            expect((await api.call('userBalance', undefined, { quiet: true })).code).toBe(0);
            expect(session.token).not.toBe(before);
            return;
          }
          if ((e as EventObject & { token: string }).token === switched.token) {
            reached(
              'session.arrange: (e as EventObject & { token: string }).token === switched.token',
            );
            // The demo/real switch stores a new token.
            const r = await api.call('switchUser');
            expect(r.data?.token).toBeTruthy();
            session.token = r.data?.token;
            return;
          }
          const r = await api.call('login', { username: EMAIL, password: PASSWORD, type: 'E' });
          expect(r.data?.token).toBeTruthy();
          // The user is removed right after signing in (see the user info arrangement).
          if (c.data.removeOnSignIn) bo.deleteUser(uidOf(c));
          if (c.data.blockOnSignIn) block(c);
          if ((e as EventObject & { at: number }).at === signInLate.at) {
            reached('session.arrange: the token is stored before lunch');
            c.world.clock.advance(31 * MIN);
            c.data.late = r.data?.token;
          }
          session.refreshToken = r.data?.refreshToken;
          session.token = r.data?.token;
          return;
        }
        case 'session.cleared':
          // Sessions ended elsewhere: the next call meets a 401 and the client clears the store.
          bo.logoutUser(uidOf(c));
          expect((await api.call('userInfo')).status).toBe(401);
          return;
        case 'xstate.done.actor.userInfo':
          // Arranged before the sign-in that precedes it: the removal waits for that sign-in.
          if (out?.code === 1002) c.data.removeOnSignIn = true;
          if (out?.code === -1) bo.force({ call: 'userInfo', status: 500 });
          return;
        case 'xstate.done.actor.unreadCount':
          if (out?.code === -1) bo.force({ call: 'unreadCount', status: 500 });
          else bo.sendMessage(uidOf(c), 'Hello', 'A message for you');
          return;
        case 'xstate.done.actor.check': {
          const cls = checkClass(e) as CheckClass;
          if (cls === 'down') c.world.sim.backOffice.force({ call: 'sessionCheck', status: 500 });
          if (cls === 'invalid') {
            bo.deleteUser(uidOf(c));
            c.data.gone = true;
          }
          if (cls === 'due' || cls === 'expired') {
            // The machine slept: the check after the next 60 s lands where the path wants it.
            const exp = (decodeToken(session.token)?.exp ?? 0) * 1000;
            const at = exp - CHECKS[cls].before - MIN;
            c.world.clock.advance(Math.max(0, at - c.world.clock.now()));
          }
          c.data.check = cls;
          return;
        }
        case 'xstate.done.actor.refresh': {
          const outcome = (out as { outcome?: string } | undefined)?.outcome;
          // Arranged before the sign-in that precedes it on arrival: the block waits for that sign-in.
          if (outcome === 'refused') {
            if (session.token) block(c);
            else c.data.blockOnSignIn = true;
          }
          if (outcome === 'unreachable') {
            bo.force({ call: 'refresh', status: 500 });
            c.data.unreachable = true;
          }
          return;
        }
      }
    },
    states: {
      signedOut: async (s, c) => {
        const x = ctx(s);
        // A refused renewal: the client ends the session a moment after the machine hears of it.
        if (x.reason === 'expired') await new Promise((r) => setTimeout(r, 0));
        expect(s.hasTag('signedIn')).toBe(false);
        expect(x.token).toBeUndefined();
        expect(x.user).toBeUndefined();
        expect(x.unread).toBe(0);
        // The store is empty, so the views and the client are signed out too.
        expect(session.token).toBeUndefined();
        expect(c.data.wentHome === true).toBe(x.reason === 'invalid' && c.data.check === 'invalid');
        if (x.reason === 'expired') {
          reached("session.signedOut: x.reason === 'expired'");
          // The renewal was refused: sent to sign in once, with one clear message.
          expect(c.data.blocked).toBe(true);
          expect(c.world.expired).toEqual(['401']);
          const said = c.world.toasts.filter((m) => m !== t('tips.server500'));
          expect(said).toEqual([t('tips.session_expired')]);
        }
        if (x.reason === 'cleared') {
          reached("session.signedOut: x.reason === 'cleared'");
          expect(c.world.expired).toContain('401');
        }
        if (x.reason === 'invalid') {
          reached("session.signedOut: x.reason === 'invalid'");
          expect(c.world.sim.ctx.state.users[uidOf(c)]).toBeUndefined();
        }
        // Only a demo session ends when virtual trading goes off.
        if (x.reason === 'virtualOff') {
          reached("session.signedOut: x.reason === 'virtualOff'");
          expect(c.data.virtualOff).toBe(true);
          expect(decodeToken(c.data.lastToken as string)?.virtualStatus).not.toBe('0');
        }
      },
      signedIn: (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('signedIn')).toBe(true);
        // The machine holds what the store holds, read from the token itself.
        expect(x.token).toBe(session.token);
        const p = decodeToken(x.token);
        expect(x.expiresAt).toBe((p?.exp ?? 0) * 1000);
        expect(x.demo).toBe(p?.virtualStatus !== '0');
        expect(p?.uid).toBe(uidOf(c));
        c.data.lastExp = x.expiresAt;
        c.data.lastToken = x.token;
        // A real session outlives virtual trading being switched off.
        if (x.virtualTrading === false) {
          reached('session.signedIn: x.virtualTrading === false');
          expect(x.demo).toBe(false);
        }
      },
      'signedIn.loadingUser': async (s, c) => {
        // The user is loaded only after the renewal of a token that arrived past its time.
        if (c.data.late && !ctx(s).user && !c.data.unreachable) {
          reached('session.signedIn.loadingUser: renewed on arrival');
          expect(session.token).not.toBe(c.data.late);
          expect((decodeToken(session.token)?.exp ?? 0) * 1000).toBeGreaterThan(
            c.world.clock.now(),
          );
        }
        await gatesOf(c).release('userInfo');
        expect(s.hasTag('busy')).toBe(true);
      },
      'signedIn.loadingUnread': async (s, c) => {
        await gatesOf(c).release('unreadCount');
        const x = ctx(s);
        if (x.user) {
          reached('session.signedIn.loadingUnread: x.user');
          const u = c.world.sim.ctx.state.users[uidOf(c)];
          expect(x.user.uid).toBe(u?.uid);
          expect(x.user.nick).toBe(u?.nick);
          expect(x.user.inviteCode).toBe(u?.inviteCode);
        }
      },
      'signedIn.idle': async (s, c) => {
        const x = ctx(s);
        // No reload asked for meanwhile is left undone.
        expect(x.wanted).toBeUndefined();
        // Never "Please login first" while the session goes on.
        expect(c.world.toasts).not.toContain(t('tips.login_required'));
        // The server still takes this session; the unread badge is the server's count.
        expect((await c.world.api.call('sessionCheck')).code).toBe(0);
        const unread = await c.world.api.call('unreadCount');
        if (x.unread > 0) {
          reached('session.signedIn.idle: x.unread > 0');
          expect(x.unread).toBe(unread.data?.count);
        }
        const info = await c.world.api.call('userInfo', undefined, quiet);
        if (x.user) {
          reached('session.signedIn.idle: x.user');
          expect(x.user.account).toEqual(info.data?.account);
        }
      },
      'signedIn.checking': async (s, c) => {
        await gatesOf(c).release('check');
        expect(ctx(s).token).toBe(session.token);
      },
      'signedIn.refreshing': async (s, c) => {
        const x = ctx(s);
        // Under five minutes left on the simulator's clock, or past the expiry.
        expect((x.expiresAt ?? 0) - c.world.clock.now()).toBeLessThan(SESSION_REFRESH_BEFORE_MS);
        if (c.data.late && !x.user) {
          reached('session.signedIn.refreshing: on arrival');
          // On arrival: the token stored before lunch is renewed first.
          expect(x.token).toBe(c.data.late);
        }
        (c.data.startRefresh as () => void)();
      },
    },
  },
];
