/**
 * The wallet-area path specs' shared pieces (wallet, transfer, deposit,
 * withdraw, verification, notifications): replies on a later turn, as over a
 * network, and the smallest PNG.
 */
import type { ApiClient } from '../../../src/api/client.ts';

/** The next turn of the event loop. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A result on a later turn of the event loop, as over a network. Work that
 * settles in microtasks alone (a reply forced before the token check, reading
 * a small image) would otherwise finish while the previous step is still
 * being checked, and the framework then waits out its 5 s for an event that
 * has already happened.
 */
export const afterTurn = <T>(p: Promise<T>): Promise<T> => p.finally(nextTurn);

/** The real client, each reply arriving on a later turn (see {@link afterTurn}). */
export const overNetwork = (api: ApiClient): ApiClient => ({
  ...api,
  call: ((...args: Parameters<ApiClient['call']>) =>
    afterTurn(api.call(...args))) as ApiClient['call'],
});

/** The smallest valid PNG (1×1). */
export const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (ch) => ch.charCodeAt(0),
);
export const png = (): Blob => new Blob([PNG_BYTES], { type: 'image/png' });
/** The PNG as the machines keep it. */
export const PNG_URL = `data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`;
