/**
 * Sign-up: code requests (sendMail / sendPhone), the image captcha, and
 * register itself.
 *
 * Whether an address has an account is told only to whoever can read its
 * mail (or texts): the code requests answer alike either way, and register
 * checks the code before saying the address is taken.
 *
 * Reply codes, in the order they are checked:
 * - sendMail / sendPhone: 1001 missing field or unknown type, 23558 illegal
 *   characters, 1016 malformed address, 23523 a sign-up code to a phone
 *   while PHONE_REGISTER is off, 1110 a code of the same type went to this
 *   address less than 60 s ago; else 0. Type '1' (sign-up) sends a code,
 *   and to an address that has an account says so in the message (with a
 *   code, which then meets 1004 / 1045 at register). Type '2' (reset) sends
 *   a code to an account's address, and to any other address a message that
 *   there is no account (its code stays unsent, so a reset there answers
 *   1020 like a wrong code). Type '4' (the "registration complete" mail,
 *   no code) goes once per user; any other request answers 0 and sends
 *   nothing.
 * - register: 1001 missing field, 23558, 23523 a phone while PHONE_REGISTER
 *   is off, 1016 bad address or password (7..140 chars), 1042 over
 *   {@link REGISTER_BURST} sign-ups in the last minute, 1110 while this
 *   source must wait (lockout.ts; wrong codes count), 1107 unknown invite
 *   code, then the code: with the `phoneCaptcha` flag on, a phone's image
 *   captcha (23554 unknown / 23555 expired / 23556 wrong); otherwise the
 *   e-mail/SMS code (1111 none live / 1020 wrong); then 1004 / 1045 taken.
 */
import type {
  AccountType,
  RegisterPayload,
  SendMailPayload,
  SendPhonePayload,
} from '../../../api/types/trading.ts';
import { fail, ok, type Handlers } from '../../module.ts';
import { createUser, findByLogin } from '../../users.ts';
import { checkCaptcha, newCaptcha } from './captcha.ts';
import { checkCode, codeFailure, consumeCode, issueCode, send } from './codes.ts';
import { recordFailure, waitFor } from './lockout.ts';
import { REGISTER_BURST, type IdentityContext } from './state.ts';
import { hasIllegal, isEmail, isPhone, normaliseLogin, str, validPassword } from './validate.ts';

const TYPES = ['1', '2', '4'];

/** 1004 for a taken e-mail, 1045 for a taken phone; 0 when free. */
const taken = (ctx: IdentityContext, address: string, type: AccountType): number =>
  findByLogin(ctx, address) ? (type === 'E' ? 1004 : 1045) : 0;

interface CodeRequest {
  type: AccountType;
  raw: unknown;
  codeType: unknown;
  locale: unknown;
}

/** The "registration complete" mail: once per user; 0 whatever the address, so it tells nothing. */
function welcome(ctx: IdentityContext, to: string, channel: 'mail' | 'sms', locale: string) {
  const user = findByLogin(ctx, to);
  const welcomed = ctx.state.identity.welcomed;
  if (!user || welcomed[user.uid] !== undefined) return ok(null);
  welcomed[user.uid] = ctx.clock.now();
  send(ctx, {
    channel,
    to,
    kind: 'registered',
    locale,
    uid: user.uid,
    subject: 'Welcome aboard',
    text: `Your account ${to} is ready. UID ${user.uid}.`,
  });
  return ok(null);
}

/** The message a code request sends: what the address's owner should know, with the code when it is theirs to use. */
function codeMessage(kind: '1' | '2', code: string, has: boolean) {
  if (kind === '1')
    return {
      kind: 'register' as const,
      subject: 'Your registration code',
      text: has
        ? `Someone asked to register this address, which already has an account. If it was you, sign in or reset your password. Code ${code}.`
        : `Your registration code is ${code}. It expires in 10 minutes.`,
      code,
    };
  return has
    ? {
        kind: 'forgot' as const,
        subject: 'Your password reset code',
        text: `Your password reset code is ${code}. It expires in 10 minutes.`,
        code,
      }
    : {
        kind: 'notice' as const,
        subject: 'Password reset',
        text: 'Someone asked to reset the password of this address, but it has no account here.',
      };
}

function sendCode(ctx: IdentityContext, req: CodeRequest, peer: string) {
  const { type } = req;
  const given = str(req.raw);
  const kind = str(req.codeType);
  if (!given || !kind || !TYPES.includes(kind)) return fail(1001);
  if (hasIllegal(given)) return fail(23558);
  const to = normaliseLogin(given, type);
  if (type === 'E' ? !isEmail(to) : !isPhone(to)) return fail(1016);
  const channel = type === 'E' ? 'mail' : 'sms';
  const lang = str(req.locale) ?? 'en';
  if (type === 'P' && kind === '1' && !ctx.state.flags.PHONE_REGISTER) return fail(23523);
  if (kind === '4') return welcome(ctx, to, channel, lang);
  const user = findByLogin(ctx, to);
  // Every address gets a code kept, account or not, so its checks answer alike.
  const code = issueCode(ctx, kind === '1' ? '1' : '2', to, peer);
  if (code === undefined) return fail(1110);
  send(ctx, {
    channel,
    to,
    locale: lang,
    ...(user ? { uid: user.uid } : {}),
    ...codeMessage(kind === '1' ? '1' : '2', code, user !== undefined),
  });
  return ok(null);
}

/** Keep only sign-ups of the last minute; 1042 once there are too many. */
function overBurst(ctx: IdentityContext): boolean {
  const now = ctx.clock.now();
  const s = ctx.state.identity;
  s.registrations = s.registrations.filter((t) => now - t < 60_000);
  return s.registrations.length >= REGISTER_BURST;
}

async function register(ctx: IdentityContext, p: RegisterPayload, peer: string) {
  const type: AccountType = p.type === 'P' ? 'P' : 'E';
  const username = str(p.username);
  const code = str(p.code);
  if (!username || !code || typeof p.password !== 'string' || !p.password) return fail(1001);
  if (hasIllegal(username, code, p.inviteCode, p.uuid)) return fail(23558);
  if (type === 'P' && !ctx.state.flags.PHONE_REGISTER) return fail(23523);
  const login = normaliseLogin(username, type);
  if (type === 'E' ? !isEmail(login) : !isPhone(login)) return fail(1016);
  if (!validPassword(p.password)) return fail(1016);
  if (overBurst(ctx)) return fail(1042);
  const subject = `register:${login}`;
  if (waitFor(ctx, subject, peer) > 0) return fail(1110);
  const invite = str(p.inviteCode)?.toUpperCase();
  const inviter = invite
    ? Object.values(ctx.state.users).find((u) => u.inviteCode === invite)
    : undefined;
  if (invite && !inviter) return fail(1107);
  const uuid = str(p.uuid);
  // A captcha proves a person, not the phone: only where the site chose that (phoneCaptcha).
  const captcha = uuid && type === 'P' && ctx.state.flags.phoneCaptcha;
  const proof = captcha ? checkCaptcha(ctx, uuid, code) : checkCode(ctx, '1', login, code, peer);
  if (proof === 23556 || proof === 'wrong') recordFailure(ctx, subject, peer);
  if (proof !== 0 && proof !== 'ok')
    return fail(typeof proof === 'number' ? proof : codeFailure(proof));
  // Only now, to whoever proved the address (or solved the captcha), is a taken one told.
  const dup = taken(ctx, login, type);
  if (dup) return fail(dup);
  if (!captcha) consumeCode(ctx, '1', login);
  ctx.state.identity.registrations.push(ctx.clock.now());
  await createUser(ctx, {
    ...(type === 'E' ? { email: login } : { phone: login }),
    password: p.password,
    ...(inviter ? { invitedBy: inviter.uid } : {}),
  });
  return ok(null);
}

/** The sign-up calls: send an e-mail or SMS code, the image captcha, register. */
export const registerHandlers = (ctx: IdentityContext): Handlers => ({
  sendMail: (p: SendMailPayload, info) =>
    sendCode(ctx, { type: 'E', raw: p.email, codeType: p.type, locale: p.locale }, info.peer),
  sendPhone: (p: SendPhonePayload, info) =>
    sendCode(ctx, { type: 'P', raw: p.phone, codeType: p.type, locale: p.locale }, info.peer),
  getImageCode: () => {
    const c = newCaptcha(ctx);
    ctx.persist();
    return { ...ok(c.image), uuid: c.uuid };
  },
  register: (p, info) => register(ctx, p, info.peer),
});
