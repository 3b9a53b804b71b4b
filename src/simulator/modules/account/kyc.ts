/**
 * Identity verification, full (with id front, reverse and a portrait) and
 * junior (name, id type and number only). Each is a record with
 * verifiedStatus 0 not submitted, 1 in review, 2 verified, 3 failed (with the
 * reason in `remark`); the back office approves or rejects (629007).
 *
 * Submit codes: 1014 already verified (status 2), 1001 no real name or id
 * number, 1016 over 140 characters, an id type other than 0/1/2, a bad
 * e-mail, or an image that is not a PNG/JPEG/HEIC under 10 MB, 23558 illegal
 * characters, 23553 an image missing on the first submission (a resubmission
 * keeps the images it does not replace). Fields may come top-level or inside
 * metaData (which also carries the locale).
 */
import type { IdType, VerificationRecord } from '../../../api/types/user.ts';
import { fail, ok, type CallInfo, type Handlers } from '../../module.ts';
import { hasIllegal, isEmail, jsonObject, MAX_FIELD, str } from '../identity/validate.ts';
import type { StoredBlob } from '../../persist/batch.ts';
import { imageUpload, isFailure, keepImages, me, type Failure } from './guard.ts';
import { type KycRecord, type AccountContext } from './state.ts';

const IMAGES = ['cardImgFront', 'cardImgReverse', 'cardImgAvatar'] as const;

const blank = (): KycRecord => ({ realName: '', idCard: '', verifiedStatus: 0 });

/** A user's record of one kind (created blank on first read). */
export const kycOf = (ctx: AccountContext, uid: string, junior: boolean): KycRecord =>
  ((junior ? ctx.state.account.junior : ctx.state.account.kyc)[uid] ??= blank());

/** The record as the wire shows it: images as data URLs (they are kept in the upload area). */
const view = async (ctx: AccountContext, r: KycRecord): Promise<VerificationRecord> => {
  const { submittedAt: _at, ...rest } = r;
  for (const k of IMAGES) {
    const url = await ctx.uploads.url(rest[k]);
    if (url) rest[k] = url;
    else delete rest[k];
  }
  return rest;
};

async function submit(
  ctx: AccountContext,
  p: Record<string, unknown>,
  info: CallInfo,
  junior: boolean,
): Promise<Failure> {
  const u = me(ctx, info);
  if (isFailure(u)) return u;
  const rec = kycOf(ctx, u.uid, junior);
  if (rec.verifiedStatus === 2) return fail(1014);
  const meta = jsonObject(p.metaData) ?? {};
  const field = (k: string) => str(p[k]) ?? str(meta[k]);
  const realName = field('realName');
  const idCard = field('idCard');
  const idTypeRaw = field('idType');
  const authEmail = field('authEmail');
  if (!realName || !idCard) return fail(1001);
  if (hasIllegal(realName, idCard, idTypeRaw, authEmail)) return fail(23558);
  if ([realName, idCard, authEmail ?? ''].some((v) => v.length > MAX_FIELD)) return fail(1016);
  const idType = idTypeRaw === undefined ? undefined : Number(idTypeRaw);
  if (idType !== undefined && ![0, 1, 2].includes(idType)) return fail(1016);
  if (authEmail && !isEmail(authEmail)) return fail(1016);
  const images: Partial<Record<(typeof IMAGES)[number], string>> = {};
  if (!junior) {
    const fresh: Array<[(typeof IMAGES)[number], StoredBlob]> = [];
    for (const k of IMAGES) {
      if (p[k] === undefined && rec[k]) continue;
      const img = await imageUpload(p[k]);
      if (isFailure(img)) return img;
      fresh.push([k, img]);
    }
    const refs = keepImages(
      ctx,
      u.uid,
      fresh.map(([, img]) => img),
      fresh.map(([k]) => rec[k]),
    );
    if (isFailure(refs)) return refs;
    fresh.forEach(([k], i) => (images[k] = refs[i]));
  }
  const { remark: _reason, ...kept } = rec;
  const next: KycRecord = {
    ...kept,
    ...images,
    realName,
    idCard,
    ...(idType !== undefined ? { idType: idType as IdType } : {}),
    ...(authEmail ? { authEmail } : {}),
    verifiedStatus: 1,
    submittedAt: ctx.clock.now(),
  };
  (junior ? ctx.state.account.junior : ctx.state.account.kyc)[u.uid] = next;
  return ok(null);
}

/** The identity-verification calls (standard and junior). */
export const kycHandlers = (ctx: AccountContext): Handlers => {
  const read = async (info: CallInfo, junior: boolean) => {
    const u = me(ctx, info);
    return isFailure(u) ? u : ok(await view(ctx, kycOf(ctx, u.uid, junior)));
  };
  return {
    auth: (_p, info) => read(info, false),
    juniorAuth: (_p, info) => read(info, true),
    authSubmit: (p, info) => submit(ctx, p ?? {}, info, false),
    juniorAuthSubmit: (p, info) => submit(ctx, p ?? {}, info, true),
  };
};
