/**
 * Images the server names by path (avatar, KYC pictures, coin logos) are
 * behind the bearer token: they are fetched through `api.image`, which adds
 * it and hands back an object URL. Data, blob and absolute URLs show as given.
 */

/** A path on the API server ('/waa/…'), not a URL of its own ('data:', 'blob:', 'https://', '//host'). */
export const isServerPath = (src: string): boolean => src.startsWith('/') && !src.startsWith('//');

/** What an <img> may show for `src`: itself, or for a server path the token-fetched object URL. */
export async function resolveImage(
  src: string | undefined,
  image: (path: string) => Promise<string | undefined>,
): Promise<string | undefined> {
  if (!src) return undefined;
  return isServerPath(src) ? image(src) : src;
}
