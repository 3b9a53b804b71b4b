/** Pure helpers of the verification machine: the image slots, form errors, the metaData sent. */
import { checkAuthEmail, checkIdCard, checkRealName, ID_IMAGE_KEYS } from '../validation/wallet.ts';
import type { Slot, VerificationContext } from './types.ts';
export { outputOf } from '../events.ts';

export const SLOTS = Object.keys(ID_IMAGE_KEYS) as Slot[];

export const errorsOf = (c: VerificationContext): VerificationContext['errors'] => {
  const e: VerificationContext['errors'] = {
    realName: checkRealName(c.realName),
    idCard: checkIdCard(c.idCard),
  };
  if (c.variant === 'full' && c.addVerifiedEmail) e.authEmail = checkAuthEmail(c.authEmail);
  if (c.variant === 'full' && c.status === 0) {
    for (const slot of SLOTS) if (!c.images[slot]) e[slot] = ID_IMAGE_KEYS[slot];
  }
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v));
};

export const metaData = (c: VerificationContext): string =>
  JSON.stringify({
    realName: c.realName.trim(),
    idCard: c.idCard.trim(),
    ...(c.twoTypeVerified && c.idType !== undefined ? { idType: c.idType } : {}),
    ...(c.variant === 'full' && c.addVerifiedEmail && c.authEmail.trim()
      ? { authEmail: c.authEmail.trim() }
      : {}),
    locale: c.locale,
  });
