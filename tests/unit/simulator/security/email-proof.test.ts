/**
 * Proof of e-mail (issue 24, item 4): a phone account bound
 * `ceo@victim.example` with no code, the owner's sign-up then got 1004 and
 * the attacker signed in with the victim's address. A bound address is now
 * shown as bound (the spec's screen) but is no sign-in name and blocks no
 * sign-up until a code mailed to it comes back (bindEmailConfirm).
 */
import { describe, expect, it } from 'vitest';
import { clientAt, type TestWorld } from '../../../support/sim.ts';
import { seeded, signIn, signUp, world } from '../account/helpers.ts';

const VICTIM = 'ceo@victim.example';
const confirm = (w: Pick<TestWorld, 'api'>, code: string) =>
  w.api.call('bindEmailConfirm', { code }, { noAlert: true });
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('a bound e-mail signs in, and blocks a sign-up, only once proved', () => {
  it('an attacker binds the victim’s address: no sign-in with it, the victim signs up and keeps it', async () => {
    const w = await world();
    const attacker = await seeded(w, { phone: '15550100777', email: undefined });
    expect((await w.api.call('bindEmailSubmit', { email: VICTIM })).code).toBe(0);
    // The spec's screen shows it bound; the reply says it waits for its proof.
    expect((await w.api.call('userInfo')).data).toMatchObject({
      email: VICTIM,
      emailPending: true,
    });
    // The code went to the victim's mailbox, not to the attacker.
    expect(w.sim.backOffice.outbox(VICTIM).at(-1)).toMatchObject({ kind: 'bind-email' });
    // Not a sign-in name.
    expect((await signIn(w, VICTIM)).code).toBe(1108);
    // The victim signs up with their own address and signs in with it.
    w.session.token = undefined;
    const victim = await signUp(w, VICTIM, 'victim-pass-1');
    expect((await signIn(w, VICTIM, 'victim-pass-1')).data?.token).toBeTruthy();
    expect((await w.api.call('userInfo')).data?.uid).toBe(victim);
    // The attacker cannot finish the binding, even with the code.
    w.session.token = attacker.token;
    const code = w.sim.backOffice.outbox(VICTIM).findLast((m) => m.kind === 'bind-email')
      ?.code as string;
    expect((await confirm(w, other(code))).code).toBe(1020);
    expect((await confirm(w, code)).code).toBe(1045);
    expect((await w.api.call('userInfo')).data?.email).toBeUndefined();
    expect((await signIn(w, VICTIM, 'secret123')).code).toBe(1108);
  });

  it('the owner proves the address with the mailed code: it signs in, and a sign-up of it is taken', async () => {
    const w = await world();
    const { uid } = await seeded(w, { phone: '15550100778', email: undefined });
    expect((await w.api.call('bindEmailSubmit', { email: 'Me@Example.com' })).code).toBe(0);
    const code = w.sim.backOffice.lastCode('me@example.com') as string;
    expect((await confirm(w, code)).code).toBe(0);
    const info = (await w.api.call('userInfo')).data;
    expect(info?.email).toBe('me@example.com');
    expect(info?.emailPending).toBeUndefined();
    expect((await signIn(w, 'me@example.com')).data?.token).toBeTruthy();
    expect((await w.api.call('userInfo')).data?.uid).toBe(uid);
    // Used up.
    expect((await confirm(w, code)).code).toBe(1111);
    // A sign-up of the proved address meets 1004 (after its code).
    w.session.token = undefined;
    await w.api.call('sendMail', { email: 'me@example.com', type: '1', locale: 'en' });
    const reg = w.sim.backOffice.lastCode('me@example.com') as string;
    const r = await w.api.call(
      'register',
      { username: 'me@example.com', password: 'secret123', code: reg, type: 'E', locale: 'en' },
      { noAlert: true },
    );
    expect(r.code).toBe(1004);
  });

  it('a proved address stays the sign-in name while a new one waits for its proof', async () => {
    const w = await world();
    await seeded(w, { phone: '15550100779', email: undefined });
    await w.api.call('bindEmailSubmit', { email: 'first@example.com' });
    await confirm(w, w.sim.backOffice.lastCode('first@example.com') as string);
    expect((await w.api.call('bindEmailSubmit', { email: 'second@example.com' })).code).toBe(0);
    expect((await signIn(w, 'second@example.com')).code).toBe(1108);
    expect((await signIn(w, 'first@example.com')).data?.token).toBeTruthy();
    // Going back to the proved one needs no proof.
    expect((await w.api.call('bindEmailSubmit', { email: 'first@example.com' })).code).toBe(0);
    expect((await w.api.call('userInfo')).data).toMatchObject({ email: 'first@example.com' });
    expect((await w.api.call('userInfo')).data?.emailPending).toBeUndefined();
  });

  it('submitting the address being proved again re-sends its code, at most once a minute', async () => {
    const w = await world();
    await seeded(w, { phone: '15550100781', email: undefined });
    const submit = () =>
      w.api.call('bindEmailSubmit', { email: 'again@example.com' }, { noAlert: true });
    const mails = () => w.sim.backOffice.outbox('again@example.com');
    expect((await submit()).code).toBe(0);
    const first = w.sim.backOffice.lastCode('again@example.com') as string;
    // Within the minute: too soon, nothing more sent.
    expect((await submit()).code).toBe(1110);
    expect(mails()).toHaveLength(1);
    w.clock.advance(60_000);
    // The resend: the same live code again, still pending, and it proves the address.
    expect((await submit()).code).toBe(0);
    expect(mails()).toHaveLength(2);
    expect(mails().at(-1)).toMatchObject({ kind: 'bind-email', code: first });
    expect((await w.api.call('userInfo')).data).toMatchObject({
      email: 'again@example.com',
      emailPending: true,
    });
    expect((await confirm(w, first)).code).toBe(0);
    // Proved: the same address once more has nothing to change (1017).
    expect((await submit()).code).toBe(1017);
  });

  it('guessing the proof code counts: five wrong from a source and it waits', async () => {
    const w = await world();
    const { token } = await seeded(w, { phone: '15550100780', email: undefined });
    await w.api.call('bindEmailSubmit', { email: 'guess@example.com' });
    const code = w.sim.backOffice.lastCode('guess@example.com') as string;
    const thief = clientAt(w, '198.51.100.30');
    thief.session.token = token;
    const out: number[] = [];
    for (let i = 0; i < 6; i++) out.push((await confirm(thief, other(code))).code);
    expect(out).toEqual([1020, 1020, 1020, 1020, 1020, 1110]);
    expect((await confirm(w, code)).code).toBe(0);
  });
});
