/**
 * The session's renewal, one at a time (issue: a stored token past its time
 * when the app opens, or a server that forgot it, sent the trader to sign in
 * mid-flow). Whoever holds the refresh token (the session machine) installs a
 * {@link Renewer}; the client asks for a renewal when a call meets a 401, and
 * the session machine when its token is near its end. Every caller failing
 * with the same token shares the one refresh in flight: a refresh token is
 * good once, and a second refresh with it would revoke the whole session.
 */

/**
 * - `renewed`: a new token is in the session store.
 * - `refused`: the server will not renew this session (the session ends).
 * - `unreachable`: the refresh got no verdict (network, timeout, 5xx).
 * - `superseded`: the session changed meanwhile (signed out, switched account).
 */
export type RenewOutcome = 'renewed' | 'refused' | 'unreachable' | 'superseded';

/** Renews the session whose token is `token`, and stores the new token itself. */
export type Renewer = (token: string) => Promise<RenewOutcome>;

export interface Renewal {
  /** Install the renewer; returns its removal. */
  install(renewer: Renewer): () => void;
  installed(): boolean;
  /** Renew the session sent as `token`, sharing a renewal already under way. */
  renew(token: string): Promise<RenewOutcome>;
}

/** How many renewals back a late 401 may still be recognised as the same session's. */
const CHAIN = 8;

/**
 * @param current the session's token now
 * @param ended the session cannot be renewed: end it (once per session)
 */
export function createRenewal(current: () => string | undefined, ended: () => void): Renewal {
  let renewer: Renewer | undefined;
  let flight: { token: string; done: Promise<RenewOutcome> } | undefined;
  /** Old token → the token its renewal stored: a 401 for the old one is answered by the new. */
  const next = new Map<string, string>();
  /** A token whose renewal was refused: asking again would only end the session twice. */
  let refused: string | undefined;

  const follows = (from: string, to: string) => {
    let t: string | undefined = from;
    for (let i = 0; i < CHAIN && t !== undefined; i++) {
      t = next.get(t);
      if (t === to) return true;
    }
    return false;
  };
  const remember = (from: string, to: string) => {
    next.set(from, to);
    for (const k of next.keys()) {
      if (next.size <= CHAIN) break;
      next.delete(k);
    }
  };

  async function run(token: string): Promise<RenewOutcome> {
    let out: RenewOutcome;
    try {
      out = renewer ? await renewer(token) : 'refused';
    } catch {
      out = 'unreachable';
    }
    const now = current();
    if (out === 'renewed' && now !== undefined && now !== token) remember(token, now);
    if (out !== 'refused') return out;
    if (now !== token) return 'superseded';
    refused = token;
    // Ended once every caller sharing this renewal has its answer: the
    // session machine records why the session ended (its refresh was
    // refused) before the store empties and its watcher reports a bare
    // "cleared"; a call in flight reads 'refused' instead of a second end.
    setTimeout(ended, 0);
    return out;
  }

  return {
    install(r) {
      renewer = r;
      return () => {
        if (renewer === r) renewer = undefined;
      };
    },
    installed: () => renewer !== undefined,
    renew(token) {
      const now = current();
      if (token === refused) return Promise.resolve('refused');
      if (now === undefined) return Promise.resolve('superseded');
      if (now !== token) return Promise.resolve(follows(token, now) ? 'renewed' : 'superseded');
      if (flight?.token === token) return flight.done;
      const done = run(token).finally(() => {
        if (flight?.done === done) flight = undefined;
      });
      flight = { token, done };
      return done;
    },
  };
}
