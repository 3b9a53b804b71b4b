/** An image source ready for <img>: server paths go through `api.image` (with the token). */
import { useEffect, useState } from 'react';
import { useServices } from '../services-context.tsx';
import { isServerPath, resolveImage } from '../server-image.ts';

export function useServerImage(src: string | undefined): string | undefined {
  const { api } = useServices();
  const [fetched, setFetched] = useState<{ src: string; url: string | undefined }>();
  const server = !!src && isServerPath(src);
  useEffect(() => {
    if (!src || !server) return;
    let live = true;
    void resolveImage(src, (p) => api.image(p)).then((url) => {
      if (live) setFetched({ src, url });
    });
    return () => {
      live = false;
    };
  }, [api, src, server]);
  if (!src) return undefined;
  if (!server) return src;
  // Until the authorised fetch lands, nothing (never the bare path, which would go out without the token).
  return fetched?.src === src ? fetched.url : undefined;
}
