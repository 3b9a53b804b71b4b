/**
 * An <img> whose source may be a server path (avatar, KYC picture, coin
 * logo): such a path is fetched with the token through `api.image`; other
 * sources show as given. Nothing renders until the image can be shown.
 */
import type { ImgHTMLAttributes } from 'react';
import { useServerImage } from '../hooks/use-server-image.ts';

export function ServerImg({
  src,
  alt,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string | undefined; alt: string }) {
  const url = useServerImage(src);
  return url ? <img src={url} alt={alt} {...rest} /> : null;
}
