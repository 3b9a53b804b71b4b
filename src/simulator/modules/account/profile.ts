/**
 * Profile: nickname and avatar, password change, e-mail binding.
 *
 * - infoSubmit (multipart: metaData `{ nickName }`, optional avatar file):
 *   1001 no nickname or unreadable metaData, 1016 over 140 characters or an
 *   avatar that is not a PNG/JPEG/HEIC under 10 MB or over the user's upload
 *   quota, 23558 illegal characters. The avatar is kept in the upload area
 *   (replacing the old one) and served back in user info's `avator` as a
 *   data URL (the contract has no image route for it).
 * - passwordSubmit: 1001, 1110 while this account from this source must
 *   wait, 1109 wrong old password (counted like a wrong sign-in password:
 *   identity/lockout.ts), 1016 new one not 7..140 characters. A change ends
 *   every session, so the user signs in again.
 * - bindEmailSubmit: 23523 binding switched off (flag user/bindEmail),
 *   1016 not an e-mail, 1017 the proved e-mail the user already has (and
 *   nothing pending), 1157 the account registered by e-mail, 1045 the
 *   e-mail signs in to another account. A phone account with an e-mail
 *   bound may bind another one. The address is bound at once as the
 *   spec's screen shows it (user info `email`, with `emailPending`), but
 *   becomes a sign-in name, and keeps others from signing up with it, only
 *   once proved: a code goes to it (outbox, kind 'bind-email') for the
 *   extension call below. Until then the proved one, if any, stays the
 *   sign-in name. Submitting the address being proved again is the app's
 *   "resend": the live code goes out again (1110 within a minute of the
 *   last).
 * - bindEmailConfirm (extension, src/api/contract.ts): `{ code }`; 1111 no
 *   live code for this source, 1020 wrong (counted like a wrong password),
 *   1110 while this account from this source must wait, 1045 someone else
 *   has proved or registered the address meanwhile (the binding is dropped).
 */
import { fail, ok, type Handlers } from '../../module.ts';
import { checkPassword, findByLogin, setPassword } from '../../users.ts';
import { checkCode, codeFailure, consumeCode, issueCode, send } from '../identity/codes.ts';
import { clearFailures, lockKey, recordFailure, waitFor } from '../identity/lockout.ts';
import { endSessions } from '../identity/sessions.ts';
import {
  hasIllegal,
  isEmail,
  jsonObject,
  MAX_FIELD,
  str,
  validPassword,
} from '../identity/validate.ts';
import { imageUpload, isFailure, keepImages, me } from './guard.ts';
import type { AccountContext } from './state.ts';

/** The profile calls: personal details, password, e-mail binding, avatar. */
export const profileHandlers = (ctx: AccountContext): Handlers => ({
  infoSubmit: async (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const meta = jsonObject(p?.metaData);
    const nick = str(meta?.nickName);
    if (!nick) return fail(1001);
    if (hasIllegal(nick)) return fail(23558);
    if (nick.length > MAX_FIELD) return fail(1016);
    let avatar: string | undefined;
    if (p?.avatar !== undefined) {
      const img = await imageUpload(p.avatar);
      if (isFailure(img)) return img;
      const refs = keepImages(ctx, u.uid, [img], [u.avatar]);
      if (isFailure(refs)) return refs;
      avatar = refs[0];
    }
    u.nick = nick;
    if (avatar) u.avatar = avatar;
    return ok(null);
  },
  passwordSubmit: async (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    if (typeof p?.oldPassword !== 'string' || typeof p.newPassword !== 'string') return fail(1001);
    // A stolen session guessing the password it needs to take the account over.
    const subject = lockKey(u, '');
    if (waitFor(ctx, subject, info.peer) > 0) return fail(1110);
    if (!(await checkPassword(ctx, u, p.oldPassword))) {
      recordFailure(ctx, subject, info.peer);
      return fail(1109);
    }
    clearFailures(ctx, subject, info.peer);
    if (!validPassword(p.newPassword)) return fail(1016);
    await setPassword(ctx, u, p.newPassword);
    endSessions(ctx, u);
    return ok(null);
  },
  bindEmailSubmit: (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    if (ctx.state.flags['user/bindEmail'] === false) return fail(23523);
    const email = str(p?.email)?.toLowerCase();
    if (!email) return fail(1001);
    if (hasIllegal(email)) return fail(23558);
    if (!isEmail(email)) return fail(1016);
    if (!u.emailPending && u.email === email) return fail(1017);
    // A phone account may change its bound address (§5: submit is disabled
    // only for the current one); an e-mail account's address is its login.
    if (u.registerType === 'E') return fail(1157);
    const owner = findByLogin(ctx, email);
    if (owner && owner !== u) return fail(1045);
    // Back to the proved address: nothing to prove.
    if (owner === u) delete u.emailPending;
    else {
      const code = issueCode(ctx, 'bind', proofKey(u.uid, email), info.peer);
      if (code === undefined) return fail(1110);
      u.emailPending = email;
      send(ctx, {
        channel: 'mail',
        to: email,
        kind: 'bind-email',
        code,
        uid: u.uid,
        locale: 'en',
        subject: 'Confirm your e-mail',
        text: `Confirm that this address is yours with the code ${code}. It expires in 10 minutes.`,
      });
    }
    return ok(null);
  },
  bindEmailConfirm: (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const email = u.emailPending;
    const code = str(p?.code);
    if (!code) return fail(1001);
    const subject = lockKey(u, '');
    if (waitFor(ctx, subject, info.peer) > 0) return fail(1110);
    if (!email) return fail(1111);
    const r = checkCode(ctx, 'bind', proofKey(u.uid, email), code, info.peer);
    if (r === 'wrong') recordFailure(ctx, subject, info.peer);
    if (r !== 'ok') return fail(codeFailure(r));
    consumeCode(ctx, 'bind', proofKey(u.uid, email));
    delete u.emailPending;
    // Proved by someone else first (a sign-up, another account's proof): theirs.
    if (findByLogin(ctx, email)) return fail(1045);
    u.email = email;
    clearFailures(ctx, subject, info.peer);
    return ok(null);
  },
});

/** What an e-mail proof's code is kept under: the account and the address. */
const proofKey = (uid: string, email: string) => `${uid}:${email}`;
