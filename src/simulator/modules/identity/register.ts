/**
 * Sign-up: code requests (sendMail / sendPhone), the image captcha, and
 * register itself.
 *
 * Reply codes, in the order they are checked:
 * - sendMail / sendPhone: 1001 missing field or unknown type, 23558 illegal
 *   characters, 1016 malformed address, 23523 a sign-up code to a phone
 *   while PHONE_REGISTER is off, 1004 (e-mail) / 1045 (phone) already
 *   registered for type '1', 1002 not registered for types '2' and '4',
 *   1044 a reset code for a blocked account,
 *   1110 a code of the same type went to this address less than 60 s ago,
 *   or (type '4', the "registration complete" mail, which carries no code)
 *   the user was already sent one: one per user.
 * - register: 1001 missing field, 23558, 23523 a phone while PHONE_REGISTER
 *   is off, 1016 bad address or password (7..140 chars), 1042 over
 *   {@link REGISTER_BURST} sign-ups in the last minute, 1004 / 1045 taken,
 *   1107 unknown invite code, then the code: with the `phoneCaptcha` flag on,
 *   a phone's image captcha (23554 unknown / 23555 expired / 23556 wrong);
 *   otherwise the e-mail/SMS code (1111 none live / 1020 wrong).
 */
import type {
  AccountType,
  RegisterPayload,
  SendMailPayload,
  SendPhonePayload,
} from '../../../api/types/trading.ts';
import { fail, ok, type Handlers, type SimContext } from '../../module.ts';
import { createUser, findByLogin } from '../../users.ts';
import { checkCaptcha, newCaptcha } from './captcha.ts';
import { checkCode, codeFailure, consumeCode, issueCode, send } from './codes.ts';
import { REGISTER_BURST } from './state.ts';
import { hasIllegal, isEmail, isPhone, normaliseLogin, str, validPassword } from './validate.ts';

const TYPES = ['1', '2', '4'];

/** 1004 for a taken e-mail, 1045 for a taken phone; 0 when free. */
const taken = (ctx: SimContext, address: string, type: AccountType): number =>
  findByLogin(ctx, address) ? (type === 'E' ? 1004 : 1045) : 0;

function sendCode(
  ctx: SimContext,
  type: AccountType,
  raw: unknown,
  codeType: unknown,
  locale: unknown,
) {
  const given = str(raw);
  const kind = str(codeType);
  if (!given || !kind || !TYPES.includes(kind)) return fail(1001);
  if (hasIllegal(given)) return fail(23558);
  const to = normaliseLogin(given, type);
  if (type === 'E' ? !isEmail(to) : !isPhone(to)) return fail(1016);
  const user = findByLogin(ctx, to);
  const channel = type === 'E' ? 'mail' : 'sms';
  const lang = str(locale) ?? 'en';
  if (type === 'P' && kind === '1' && !ctx.state.flags.PHONE_REGISTER) return fail(23523);
  if (kind === '4') {
    if (!user) return fail(1002);
    const welcomed = ctx.state.identity.welcomed;
    if (welcomed[user.uid] !== undefined) return fail(1110);
    welcomed[user.uid] = ctx.clock.now();
    send(ctx, {
      channel,
      to,
      kind: 'registered',
      locale: lang,
      uid: user.uid,
      subject: 'Welcome aboard',
      text: `Your account ${to} is ready. UID ${user.uid}.`,
    });
    return ok(null);
  }
  if (kind === '1' && user) return fail(taken(ctx, to, type));
  if (kind === '2' && !user) return fail(1002);
  if (kind === '2' && user?.blocked) return fail(1044);
  const code = issueCode(ctx, kind === '1' ? '1' : '2', to);
  if (code === undefined) return fail(1110);
  const what = kind === '1' ? 'registration' : 'password reset';
  send(ctx, {
    channel,
    to,
    code,
    locale: lang,
    kind: kind === '1' ? 'register' : 'forgot',
    ...(user ? { uid: user.uid } : {}),
    subject: `Your ${what} code`,
    text: `Your ${what} code is ${code}. It expires in 10 minutes.`,
  });
  return ok(null);
}

/** Keep only sign-ups of the last minute; 1042 once there are too many. */
function overBurst(ctx: SimContext): boolean {
  const now = ctx.clock.now();
  const s = ctx.state.identity;
  s.registrations = s.registrations.filter((t) => now - t < 60_000);
  return s.registrations.length >= REGISTER_BURST;
}

async function register(ctx: SimContext, p: RegisterPayload) {
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
  const dup = taken(ctx, login, type);
  if (dup) return fail(dup);
  const invite = str(p.inviteCode)?.toUpperCase();
  const inviter = invite
    ? Object.values(ctx.state.users).find((u) => u.inviteCode === invite)
    : undefined;
  if (invite && !inviter) return fail(1107);
  const uuid = str(p.uuid);
  // A captcha proves a person, not the phone: only where the site chose that (phoneCaptcha).
  if (uuid && type === 'P' && ctx.state.flags.phoneCaptcha) {
    const c = checkCaptcha(ctx, uuid, code);
    if (c) return fail(c);
  } else {
    const r = checkCode(ctx, '1', login, code);
    if (r !== 'ok') return fail(codeFailure(r));
    consumeCode(ctx, '1', login);
  }
  ctx.state.identity.registrations.push(ctx.clock.now());
  await createUser(ctx, {
    ...(type === 'E' ? { email: login } : { phone: login }),
    password: p.password,
    ...(inviter ? { invitedBy: inviter.uid } : {}),
  });
  return ok(null);
}

export const registerHandlers = (ctx: SimContext): Handlers => ({
  sendMail: (p: SendMailPayload) => sendCode(ctx, 'E', p.email, p.type, p.locale),
  sendPhone: (p: SendPhonePayload) => sendCode(ctx, 'P', p.phone, p.type, p.locale),
  getImageCode: () => {
    const c = newCaptcha(ctx);
    ctx.persist();
    return { ...ok(c.image), uuid: c.uuid };
  },
  register: (p) => register(ctx, p),
});
