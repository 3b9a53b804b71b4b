/**
 * What the client does when the server refuses a call's token (a 401 on
 * /waa/, the exchange's "Not logged in"): renew the session once, shared
 * (./renewal.ts), send a read again, never a call with an effect, and end
 * the session only when the renewal is refused, or when nobody can renew it.
 */
import type { Endpoint } from './contract.ts';
import { createRenewal } from './renewal.ts';
import type { ClientDeps } from './client.ts';
import { TOAST_MS } from '../config/constants.ts';

/** The exchange's reply code for a token it does not take (trading.md §8, 400). */
export const NOT_LOGGED_IN_CODE = 400;

interface RefusalDeps extends Pick<ClientDeps, 'token' | 'toast' | 'sessionExpired'> {
  /** A text by key (the key itself when it has none). */
  text(key: string): string;
  /** Tokens of calls in flight whose success ends every session (client.ts `ending`). */
  ending: ReadonlyMap<string, number>;
}

/** The client's handling of a refused token; `renewal` is installed by the session's holder. */
export function createRefusals(deps: RefusalDeps) {
  const { text, ending } = deps;
  const renewal = createRenewal(deps.token, () => {
    deps.sessionExpired('401');
    deps.toast(text('tips.session_expired'), 'error', TOAST_MS);
  });

  /**
   * Renew the session whose token a call was refused with: 'replay' (a
   * read, renewed), 'unreachable', or the message the call ends with ('' when
   * it says nothing new).
   */
  async function renewFor(
    ep: Endpoint,
    token: string,
    quiet: boolean,
  ): Promise<'replay' | 'unreachable' | string> {
    const out = await renewal.renew(token);
    if (out === 'renewed') {
      if (ep.replayable) return 'replay';
      // Not sent again: whether the first attempt had an effect is the
      // server's to say, not the client's to assume. A second order (a
      // withdrawal, a form) sent behind the trader's back costs money and
      // trust; pressing again costs a second.
      const message = text('tips.session_renewed');
      if (!quiet) deps.toast(message, 'info', TOAST_MS);
      return message;
    }
    if (out === 'unreachable') return out;
    // Ended by the renewal, which said so once for every call sharing it.
    return out === 'refused' ? text('tips.session_expired') : '';
  }

  /**
   * The exchange's "Not logged in" is its 401 (a token it no longer takes,
   * between two session checks): renewed as for a 401 on /waa/, and an order
   * is never sent again (see renewFor). The message the call ends with, or
   * undefined for the code's own.
   */
  async function exchangeRefusal(
    ep: Endpoint,
    code: number,
    token: string | undefined,
    quiet: boolean,
  ): Promise<string | undefined> {
    if (code !== NOT_LOGGED_IN_CODE || ep.root !== 'exchange' || token === undefined) return;
    if (!renewal.installed()) return;
    const said = await renewFor(ep, token, quiet);
    return said === 'unreachable' || said === 'replay' || said === '' ? undefined : said;
  }

  /**
   * What a 401 on /waa/ leads to: the call sent once more (a read, the
   * session renewed), a failure without a verdict, or the message the call
   * ends with ('' when it says nothing new).
   */
  async function after401(
    ep: Endpoint,
    token: string | undefined,
    exempt: boolean,
    quiet: boolean,
    replayed: boolean,
  ): Promise<'replay' | 'unreachable' | string> {
    // A 401 that crosses a password change's success (see `ending`) says nothing new.
    if (exempt || (token !== undefined && !ep.endsSession && ending.has(token))) return '';
    if (token !== undefined && !replayed && renewal.installed()) return renewFor(ep, token, quiet);
    // A 401 for a token that is no longer the session's (already ended by
    // another call's 401, or replaced by a switch) says nothing new: one
    // end, one toast, one redirect, however many polls were in flight.
    if (token !== undefined && token !== deps.token()) return '';
    deps.sessionExpired('401');
    // Said even after a quiet poll: the user must learn why they are at sign in.
    const message = text('tips.login_required');
    deps.toast(message, 'error', TOAST_MS);
    return message;
  }

  return { renewal, after401, exchange: exchangeRefusal };
}
