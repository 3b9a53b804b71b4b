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
 *   1016 not an e-mail, 1017 the e-mail the user already has, 1157 the
 *   account registered by e-mail, 1045 the e-mail belongs to another
 *   account. A phone account with an e-mail bound may bind another one.
 */
import { fail, ok, type Handlers, type SimContext } from '../../module.ts';
import { checkPassword, findByLogin, setPassword } from '../../users.ts';
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

export const profileHandlers = (ctx: SimContext): Handlers => ({
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
    if (u.email === email) return fail(1017);
    // A phone account may change its bound address (§5: submit is disabled
    // only for the current one); an e-mail account's address is its login.
    if (u.registerType === 'E') return fail(1157);
    if (findByLogin(ctx, email)) return fail(1045);
    u.email = email;
    return ok(null);
  },
});
