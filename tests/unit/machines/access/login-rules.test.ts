/**
 * Sign-in rules (trading.md §3 "Login", §5, §9) on stand-in replies: any bad
 * username reads p_t_username, a phone is posted bare, and the second factor
 * takes exactly 6 digits (a longer paste is rejected) before it posts
 * command 'verification' with the authCode.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LoginPayload } from '../../../../src/api/types/trading.ts';
import { loginMachine } from '../../../../src/machines/login/machine.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));

function login() {
  const signIns: LoginPayload[] = [];
  const verifies: LoginPayload[] = [];
  const a = createActor(
    loginMachine.provide({
      actors: {
        signIn: fromPromise(async ({ input }: { input: LoginPayload }) => {
          signIns.push(input);
          return { code: 0, data: { qrcodeStatus: 0 }, reply: null, message: '' };
        }) as never,
        // Never answers: the test stops at what was posted.
        verify: fromPromise(({ input }: { input: LoginPayload }) => {
          verifies.push(input);
          return new Promise<never>(() => {});
        }) as never,
      },
    }),
    { input: { phoneEnabled: true } },
  ).start();
  const type = (field: 'username' | 'password' | 'code', value: string) =>
    a.send({ type: 'field.change', field, value });
  return { a, type, signIns, verifies };
}

describe('sign-in rules', () => {
  it('reads any bad username as p_t_username and an empty password as p_t_password', () => {
    const { a, type, signIns } = login();
    type('username', 'not-an-address');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors).toEqual({
      username: 'p_t_username',
      password: 'p_t_password',
    });
    a.send({ type: 'type.change', value: 'P' });
    type('username', '+1 000 000 0000');
    type('password', 'secret123');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors.username).toBe('p_t_username');
    expect(signIns).toEqual([]);
    a.stop();
  });

  it('posts a phone bare; the second factor takes exactly 6 digits, then posts verification', async () => {
    const { a, type, signIns, verifies } = login();
    a.send({ type: 'type.change', value: 'P' });
    type('username', '+1 415 555 2672');
    type('password', 'secret123');
    a.send({ type: 'form.submit' });
    await settle();
    expect(signIns).toEqual([{ username: '14155552672', password: 'secret123', type: 'P' }]);
    expect(a.getSnapshot().value).toBe('secondFactor');
    type('code', '1234567');
    expect(a.getSnapshot().context.code).toBe('');
    type('code', '12a345');
    a.send({ type: 'form.submit' });
    expect(a.getSnapshot().context.errors.code).toBe('wrong_verification_code');
    expect(verifies).toEqual([]);
    type('code', '123456');
    a.send({ type: 'form.submit' });
    expect(verifies).toEqual([
      {
        username: '14155552672',
        password: 'secret123',
        type: 'P',
        command: 'verification',
        authCode: '123456',
      },
    ]);
    a.stop();
  });
});
