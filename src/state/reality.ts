/**
 * When the signed-in session began, for the reality check: set at the first
 * sight of a token, kept across reloads, forgotten at sign-out.
 */
import { subscribe } from 'valtio/vanilla';
import { readJson, writeJson } from './persist.ts';
import { session } from './session.ts';

const KEY = 'sessionStartedAt';

/** The session's start; `now` becomes it when none is known. */
export function sessionStartedAt(now: number): number {
  const at = readJson<number>(KEY);
  if (typeof at === 'number' && at <= now) return at;
  writeJson(KEY, now);
  return now;
}

subscribe(session, () => {
  if (!session.token) writeJson(KEY, undefined);
});
