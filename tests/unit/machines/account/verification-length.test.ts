/** user-centre.md §5 verification and profile: fields are at most 140 characters. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { profileMachine } from '../../../../src/machines/profile/machine.ts';
import {
  verificationMachine,
  type LoadResult,
} from '../../../../src/machines/verification/machine.ts';

describe('verification fields (user-centre §5)', () => {
  it('real name, id number and e-mail are cut at 140 characters', async () => {
    const actor = createActor(
      verificationMachine.provide({
        actors: {
          loadRecord: fromPromise<LoadResult, { variant: 'full' | 'junior' }>(
            async () =>
              ({
                code: 0,
                data: { verifiedStatus: 0, realName: '', idCard: '', idType: 0 },
              }) as LoadResult,
          ),
        },
      }),
      { input: { variant: 'full', addVerifiedEmail: true } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    const long = 'x'.repeat(200);
    actor.send({ type: 'field.change', field: 'realName', value: long });
    actor.send({ type: 'field.change', field: 'idCard', value: `A${long}` });
    actor.send({ type: 'field.change', field: 'authEmail', value: `${long}@example.com` });
    const c = actor.getSnapshot().context;
    expect(c.realName).toHaveLength(140);
    expect(c.idCard).toHaveLength(140);
    expect(c.idCard.startsWith('A')).toBe(true);
    expect(c.authEmail).toHaveLength(140);
    actor.send({ type: 'field.change', field: 'realName', value: 'Ada' });
    expect(actor.getSnapshot().context.realName).toBe('Ada');
    actor.stop();
  });
});

describe('profile nickname (user-centre §5)', () => {
  it('is cut at 140 characters', async () => {
    const actor = createActor(
      profileMachine.provide({
        actors: {
          loadUser: fromPromise(async () => ({
            code: 0,
            data: { uid: '100001', nick: 'Ann', registerType: 'E', inviteCode: 'X' },
          })) as never,
        },
      }),
      { input: { mobile: true, flags: { bindEmail: true, privacy: true } } },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'field.change', field: 'nick', value: 'n'.repeat(200) });
    expect(actor.getSnapshot().context.nick).toHaveLength(140);
    actor.stop();
  });
});
