/** Profile, password change and e-mail binding through the real client. */
import { describe, expect, it } from 'vitest';
import { png, seeded, signIn, world } from './helpers.ts';

const meta = (nickName: string) => JSON.stringify({ nickName });

describe('profile', () => {
  it('saves the nickname and the avatar, served back as a data URL in avator', async () => {
    const w = await world();
    await seeded(w);
    expect(
      (await w.api.call('infoSubmit', { metaData: meta('Trader Ann'), avatar: png() })).code,
    ).toBe(0);
    const info = (await w.api.call('userInfo')).data;
    expect(info?.nick).toBe('Trader Ann');
    expect(info?.avator).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    expect((await w.api.call('infoSubmit', { metaData: meta('Ann') })).code).toBe(0);
    expect((await w.api.call('userInfo')).data?.avator).toBe(info?.avator);
  });

  it('answers 1001 without a nickname, 1016 over 140 characters or for a non-image avatar, 23558 for markup', async () => {
    const w = await world();
    await seeded(w);
    expect((await w.api.call('infoSubmit', { metaData: meta('') })).code).toBe(1001);
    expect((await w.api.call('infoSubmit', { metaData: meta('x'.repeat(141)) })).code).toBe(1016);
    expect((await w.api.call('infoSubmit', { metaData: meta('<b>me</b>') })).code).toBe(23558);
    const gif = new Blob([Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61])], {
      type: 'image/gif',
    });
    expect((await w.api.call('infoSubmit', { metaData: meta('Ann'), avatar: gif })).code).toBe(
      1016,
    );
  });
});

describe('change password', () => {
  it('answers 1109 for a wrong old password; a change ends the sessions and the new password signs in', async () => {
    const w = await world();
    await seeded(w, { email: 'p@example.com' });
    const change = (oldPassword: string, newPassword: string) =>
      w.api.call('passwordSubmit', { oldPassword, newPassword, metaData: '{}' });
    expect((await change('wrong-old', 'newsecret1')).code).toBe(1109);
    expect((await change('secret123', 'short')).code).toBe(1016);
    expect((await change('secret123', 'newsecret1')).code).toBe(0);
    expect((await w.api.call('sessionCheck')).code).toBe(-1);
    expect((await signIn(w, 'p@example.com')).code).toBe(1108);
    expect((await signIn(w, 'p@example.com', 'newsecret1')).code).toBe(0);
  });

  it("with its reply held after handling (the back office's `after` delay), other calls are refused first; the client ends no session over them", async () => {
    const w = await world();
    await seeded(w, { email: 'late@example.com' });
    w.sim.backOffice.delay({ call: 'passwordSubmit', ms: 5_000, after: true });
    expect(w.sim.backOffice.scenarios().delays).toEqual([
      { call: 'passwordSubmit', ms: 5_000, times: 1, after: true },
    ]);
    let answered = false;
    const change = w.api
      .call('passwordSubmit', {
        oldPassword: 'secret123',
        newPassword: 'newsecret1',
        metaData: '{}',
      })
      .then((r) => ((answered = true), r));
    // Handled and saved while its reply waits: the session is over for every other call.
    let other = 0;
    for (let i = 0; i < 100 && other === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      other = (await w.api.call('sessionCheck')).code;
    }
    expect(other).not.toBe(0);
    expect(answered).toBe(false);
    expect(w.expired).toEqual([]);
    w.clock.advance(5_000);
    expect((await change).code).toBe(0);
    expect((await signIn(w, 'late@example.com', 'newsecret1')).code).toBe(0);
  });
});

describe('bind e-mail', () => {
  it('binds an e-mail to a phone account; 1017 the same again; another free one re-binds', async () => {
    const w = await world();
    await seeded(w, { phone: '15550100300', email: undefined });
    expect((await w.api.call('bindEmailSubmit', { email: 'Bound@Example.com' })).code).toBe(0);
    expect((await w.api.call('userInfo')).data).toMatchObject({
      email: 'bound@example.com',
      registerType: 'P',
    });
    // Proved, the same address again has nothing to change.
    const code = w.sim.backOffice.lastCode('bound@example.com') as string;
    expect((await w.api.call('bindEmailConfirm', { code })).code).toBe(0);
    expect((await w.api.call('bindEmailSubmit', { email: 'bound@example.com' })).code).toBe(1017);
    // Re-binding to an address nobody has replaces the bound one (was 1157 always).
    expect((await w.api.call('bindEmailSubmit', { email: 'other@example.com' })).code).toBe(0);
    expect((await w.api.call('userInfo')).data?.email).toBe('other@example.com');
  });

  it('answers 1157 for an e-mail account, 1045 for an e-mail of another account, 1016 malformed, 23523 when switched off', async () => {
    const w = await world();
    await seeded(w, { email: 'taken@example.com' });
    expect((await w.api.call('bindEmailSubmit', { email: 'new@example.com' })).code).toBe(1157);
    await seeded(w, { phone: '15550100301', email: undefined });
    expect((await w.api.call('bindEmailSubmit', { email: 'taken@example.com' })).code).toBe(1045);
    expect((await w.api.call('bindEmailSubmit', { email: 'nope' })).code).toBe(1016);
    w.sim.backOffice.setFlag('user/bindEmail', false);
    expect((await w.api.call('bindEmailSubmit', { email: 'free@example.com' })).code).toBe(23523);
  });
});
