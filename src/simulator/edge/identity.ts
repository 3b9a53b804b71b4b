/** Payload schemas of the anonymous calls and the session calls (trading.md §7). */
import type { CallName } from '../../api/contract.ts';
import { ident, none, payload, text, token } from './fields.ts';
import type { CallSchema } from './schema.ts';

const code = { type: ident, locale: ident };

export const identitySchemas = {
  login: payload({ username: text, password: text, type: ident, command: ident, authCode: text }),
  sendMail: payload({ email: text, ...code }),
  sendPhone: payload({ phone: text, ...code }),
  register: payload({
    username: text,
    password: text,
    code: text,
    inviteCode: text,
    uuid: ident,
    ...code,
  }),
  getImageCode: none,
  forgot: payload({ username: text, password: text, code: text, type: ident }),
  refresh: payload({ refreshToken: token, token }),
  sessionCheck: none,
  userInfo: none,
} satisfies Partial<Record<CallName, CallSchema>>;
