/**
 * A session token as the client reads it (state/token.ts decodes the payload
 * without verifying it): for unit tests of what follows the account and book.
 */
export const fakeToken = (uid: string, virtualStatus = '0', exp = 9e9): string =>
  `h.${Buffer.from(JSON.stringify({ uid, virtualStatus, aesKey: 'k', exp })).toString('base64url')}.s`;
