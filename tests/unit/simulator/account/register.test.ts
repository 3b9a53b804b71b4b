/** Sign-up through the real client: e-mail and SMS codes, the image captcha, and every code of the flow. */
import { describe, expect, it } from 'vitest';
import {
  MAX_LIVE_CAPTCHAS,
  SWEEP_EVERY,
} from '../../../../src/simulator/modules/identity/captcha.ts';
import { clientAt } from '../../../support/sim.ts';
import { signIn, signUp, world } from './helpers.ts';

const mail = (email: string, type: '1' | '2' | '4' = '1') => ({ email, type, locale: 'en' });
const reg = (username: string, code: string, extra: object = {}) => ({
  username,
  password: 'secret123',
  code,
  type: 'E' as const,
  locale: 'en',
  ...extra,
});

describe('register', () => {
  it('registers by e-mail with the code from the outbox, then signs in', async () => {
    const w = await world();
    expect((await w.api.call('sendMail', mail('Ann@Example.com'))).code).toBe(0);
    const [msg] = w.sim.backOffice.outbox('ann@example.com');
    expect(msg).toMatchObject({ channel: 'mail', kind: 'register', to: 'ann@example.com' });
    expect(msg?.code).toMatch(/^\d{6}$/);
    expect((await w.api.call('register', reg('ann@example.com', msg?.code ?? ''))).code).toBe(0);
    const login = await signIn(w, 'ann@example.com');
    expect(login.code).toBe(0);
    expect(login.data?.token).toBeTruthy();
    expect(login.data?.refreshToken).toBeTruthy();
    const info = await w.api.call('userInfo');
    expect(info.data).toMatchObject({
      email: 'ann@example.com',
      registerType: 'E',
      account: { balanceAmount: 0 },
    });
  });

  it('registers by phone with an SMS code (plus and spaces dropped)', async () => {
    const w = await world();
    expect(
      (await w.api.call('sendPhone', { phone: '+1 555 0100 200', type: '1', locale: 'en' })).code,
    ).toBe(0);
    const code = w.sim.backOffice.lastCode('15550100200') ?? '';
    expect(w.sim.backOffice.outbox('15550100200')[0]?.channel).toBe('sms');
    const r = await w.api.call('register', { ...reg('15550100200', code), type: 'P' });
    expect(r.code).toBe(0);
    expect((await signIn(w, '15550100200')).code).toBe(0);
    expect((await w.api.call('userInfo')).data?.registerType).toBe('P');
  });

  it('registers by phone with the image captcha: an SVG of stroked glyphs (no text) and a uuid beside the data', async () => {
    const w = await world();
    w.sim.backOffice.setFlag('phoneCaptcha', true);
    const img = await w.api.call('getImageCode');
    expect(img.code).toBe(0);
    expect(img.data).toMatch(/^data:image\/svg\+xml,/);
    const svg = decodeURIComponent(img.data?.slice('data:image/svg+xml,'.length) ?? '');
    const uuid = img.reply?.uuid ?? '';
    const text = w.sim.backOffice.captchaText(uuid) ?? '';
    expect(text).toMatch(/^[A-Z2-9]{4}$/);
    expect(svg).not.toMatch(/<text/);
    // No path is a glyph: every round-capped stroke is a short piece (two to four steps).
    const pieces = [...svg.matchAll(/<path d="([^"]+)"[^>]*stroke-linecap="round"/g)];
    expect(pieces.length).toBeGreaterThan(20);
    for (const m of pieces) expect((m[1] as string).match(/[ML]/g)?.length).toBeLessThanOrEqual(5);
    const r = await w.api.call('register', {
      username: '447700900123',
      password: 'secret123',
      code: text.toLowerCase(),
      uuid,
      type: 'P',
      locale: 'en',
    });
    expect(r.code).toBe(0);
    expect((await signIn(w, '447700900123')).code).toBe(0);
  });

  it('answers 23554 for an unknown or used captcha, 23555 once it expired, 23556 when wrong', async () => {
    const w = await world();
    w.sim.backOffice.setFlag('phoneCaptcha', true);
    const phone = (code: string, uuid: string) =>
      w.api.call('register', {
        username: '447700900124',
        password: 'secret123',
        code,
        uuid,
        type: 'P',
        locale: 'en',
      });
    expect((await phone('ABCD', 'no-such-uuid')).code).toBe(23554);
    let img = await w.api.call('getImageCode');
    let uuid = img.reply?.uuid ?? '';
    expect((await phone('ZZZZ', uuid)).code).toBe(23556);
    w.clock.advance(2 * 60_000 + 1);
    expect((await phone(w.sim.backOffice.captchaText(uuid) ?? '', uuid)).code).toBe(23555);
    img = await w.api.call('getImageCode');
    uuid = img.reply?.uuid ?? '';
    expect((await phone(w.sim.backOffice.captchaText(uuid) ?? '', uuid)).code).toBe(0);
    // Taken: said only to whoever solves a fresh captcha (the spec's flow proves no phone).
    expect((await phone('ABCD', uuid)).code).toBe(23554);
    uuid = (await w.api.call('getImageCode')).reply?.uuid ?? '';
    expect((await phone(w.sim.backOffice.captchaText(uuid) ?? '', uuid)).code).toBe(1045);
  });

  it('keeps at most MAX_LIVE_CAPTCHAS alive: a flood of refreshes drops the oldest, not the newest', async () => {
    const w = await world();
    const all = w.sim.ctx.state.identity.captchas;
    const later = w.clock.now() + 60_000;
    for (let i = 0; i < MAX_LIVE_CAPTCHAS; i++)
      all[`old-${i}`] = { text: 'ABCD', expiresAt: later, attempts: 0 };
    const uuid = (await w.api.call('getImageCode')).reply?.uuid ?? '';
    expect(Object.keys(all)).toHaveLength(MAX_LIVE_CAPTCHAS);
    expect(all['old-0']).toBeUndefined();
    expect(all[`old-${MAX_LIVE_CAPTCHAS - 1}`]).toBeDefined();
    expect(w.sim.backOffice.captchaText(uuid)).toMatch(/^[A-Z0-9]{4}$/);
  });

  it('sweeps expired captchas once per SWEEP_EVERY new ones, not on every picture', async () => {
    const w = await world();
    const all = w.sim.ctx.state.identity.captchas;
    const gone = w.clock.now() - 1;
    const stale = (tag: string) => {
      for (let i = 0; i < 100; i++)
        all[`${tag}-${i}`] = { text: 'ABCD', expiresAt: gone, attempts: 0 };
    };
    stale('a');
    await w.api.call('getImageCode'); // the first on this state sweeps
    expect(Object.keys(all).filter((k) => k.startsWith('a-'))).toHaveLength(0);
    stale('b');
    for (let i = 1; i < SWEEP_EVERY; i++) await w.api.call('getImageCode');
    expect(Object.keys(all).filter((k) => k.startsWith('b-'))).toHaveLength(100);
    await w.api.call('getImageCode');
    expect(Object.keys(all).filter((k) => k.startsWith('b-'))).toHaveLength(0);
  });

  it('answers 1107 for an unknown invite code and records the inviter of a known one', async () => {
    const w = await world();
    const inviter = await signUp(w, 'inviter@example.com');
    const inviteCode = w.sim.ctx.state.users[inviter]?.inviteCode ?? '';
    await w.api.call('sendMail', mail('b@example.com'));
    const code = w.sim.backOffice.lastCode('b@example.com') ?? '';
    expect(
      (await w.api.call('register', reg('b@example.com', code, { inviteCode: 'NOPE42' }))).code,
    ).toBe(1107);
    expect((await w.api.call('register', reg('b@example.com', code, { inviteCode }))).code).toBe(0);
    const b = Object.values(w.sim.ctx.state.users).find((u) => u.email === 'b@example.com');
    expect(b?.invitedBy).toBe(inviter);
  });

  it('answers 1004 for a taken e-mail and 1045 for a taken phone, only to whoever holds the code', async () => {
    const w = await world();
    await signUp(w, 'taken@example.com');
    w.clock.advance(60_000);
    // The code request and a wrong code answer as for a free address.
    expect((await w.api.call('sendMail', mail('taken@example.com'))).code).toBe(0);
    expect((await w.api.call('sendMail', mail('free@example.com'))).code).toBe(0);
    const code = w.sim.backOffice.lastCode('taken@example.com') ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await w.api.call('register', reg('TAKEN@example.com', wrong))).code).toBe(1020);
    expect((await w.api.call('register', reg('free@example.com', wrong))).code).toBe(1020);
    expect(w.sim.backOffice.outbox('taken@example.com').at(-1)?.text).toMatch(
      /already has an account/,
    );
    expect((await w.api.call('register', reg('TAKEN@example.com', code))).code).toBe(1004);
    await w.sim.backOffice.seedUser({ phone: '15550100999', password: 'secret123' });
    expect(
      (await w.api.call('sendPhone', { phone: '15550100999', type: '1', locale: 'en' })).code,
    ).toBe(0);
    const sms = w.sim.backOffice.lastCode('15550100999') ?? '';
    expect((await w.api.call('register', { ...reg('15550100999', sms), type: 'P' })).code).toBe(
      1045,
    );
  });

  it('answers 1110 for a second code to the same address within 60 s', async () => {
    const w = await world();
    expect((await w.api.call('sendMail', mail('c@example.com'))).code).toBe(0);
    const again = await w.api.call('sendMail', mail('c@example.com'));
    expect(again.code).toBe(1110);
    expect(w.toasts.at(-1)).toContain('(code 1110)');
    w.clock.advance(59_000);
    expect((await w.api.call('sendMail', mail('c@example.com'))).code).toBe(1110);
    w.clock.advance(1_000);
    expect((await w.api.call('sendMail', mail('c@example.com'))).code).toBe(0);
  });

  it('answers 1020 for a wrong code and 1111 when no code is live (never sent, expired, used)', async () => {
    const w = await world();
    expect((await w.api.call('register', reg('d@example.com', '123456'))).code).toBe(1111);
    await w.api.call('sendMail', mail('d@example.com'));
    const code = w.sim.backOffice.lastCode('d@example.com') ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await w.api.call('register', reg('d@example.com', wrong))).code).toBe(1020);
    w.clock.advance(10 * 60_000);
    expect((await w.api.call('register', reg('d@example.com', code))).code).toBe(1111);
  });

  it('ends a code for a source after its five wrong tries; the right code still works from another', async () => {
    const w = await world();
    await w.api.call('sendMail', mail('e@example.com'));
    const code = w.sim.backOffice.lastCode('e@example.com') ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const guesser = clientAt(w, '198.51.100.20');
    for (let i = 0; i < 5; i++)
      expect((await guesser.api.call('register', reg('e@example.com', wrong))).code).toBe(1020);
    expect((await guesser.api.call('register', reg('e@example.com', code))).code).toBe(1110);
    expect((await w.api.call('register', reg('e@example.com', code))).code).toBe(0);
  });

  it('answers 23558 for illegal characters and 1016 for a malformed address or short password', async () => {
    const w = await world();
    expect((await w.api.call('sendMail', mail('<script>@example.com'))).code).toBe(23558);
    expect(
      (await w.api.call('register', reg('f@example.com', '123456', { inviteCode: "x'or 1=1" })))
        .code,
    ).toBe(23558);
    expect((await w.api.call('sendMail', mail('not-an-email'))).code).toBe(1016);
    expect(
      (await w.api.call('register', { ...reg('f@example.com', '123456'), password: 'short' })).code,
    ).toBe(1016);
  });

  it('answers 1042 past ten sign-ups in a minute', async () => {
    const w = await world();
    for (let i = 0; i < 10; i++) {
      await signUp(w, `burst${i}@example.com`);
    }
    await w.api.call('sendMail', mail('burst10@example.com'));
    const code = w.sim.backOffice.lastCode('burst10@example.com') ?? '';
    expect((await w.api.call('register', reg('burst10@example.com', code))).code).toBe(1042);
    w.clock.advance(60_000);
    expect((await w.api.call('register', reg('burst10@example.com', code))).code).toBe(0);
  });

  it('sends the registration-complete mail (type 4) without a code and without the 60 s limit', async () => {
    const w = await world();
    await signUp(w, 'g@example.com');
    expect((await w.api.call('sendMail', mail('g@example.com', '4'))).code).toBe(0);
    const last = w.sim.backOffice.outbox('g@example.com').at(-1);
    expect(last).toMatchObject({ kind: 'registered' });
    expect(last?.code).toBeUndefined();
    // An unknown address answers the same, and gets nothing.
    expect((await w.api.call('sendMail', mail('nobody@example.com', '4'))).code).toBe(0);
    expect(w.sim.backOffice.outbox('nobody@example.com')).toEqual([]);
  });
});
