/**
 * Pictures before upload (user-centre.md §5 "Images", §9), one rule for the
 * avatar, the verification photos and the deposit proof:
 * - HEIC/HEIF becomes JPEG at quality 0.7 (heic-to, a libheif build, loaded
 *   only when a HEIC is chosen: it is about 3 MB and LGPL, kept in its own chunk);
 * - any picture over 0.3 MB (a converted HEIC included) is re-encoded as JPEG
 *   at quality 0.75 and at most 1920 px on its long side
 *   (browser-image-compression, on the main thread: its web worker would load
 *   the library from a CDN).
 * A re-encode that comes out larger than the original keeps the original.
 */
import { AVATAR } from '../../machines/profile/machine.ts';
import { sniffImage } from '../../machines/validation/wallet.ts';

export interface Prepared {
  blob: Blob;
  /** The file name, with `.jpg` when the picture was re-encoded. */
  name: string;
}

const jpgName = (name: string) => (name ? name.replace(/\.[^.]*$/, '') + '.jpg' : name);

/** The picture format by its bytes (not its name), or undefined for a non-picture. */
export async function pictureType(blob: Blob): Promise<string | undefined> {
  return sniffImage(new Uint8Array(await blob.slice(0, 16).arrayBuffer()));
}

async function heicToJpeg(blob: Blob): Promise<Blob> {
  const { heicTo } = await import('heic-to');
  return heicTo({ blob, type: 'image/jpeg', quality: AVATAR.heicQuality });
}

async function recompress(blob: Blob, name: string): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  const file = blob instanceof File ? blob : new File([blob], name || 'image', { type: blob.type });
  return imageCompression(file, {
    // One pass at the spec's quality and size, not a search for a target size.
    maxSizeMB: AVATAR.maxBytes / (1024 * 1024),
    maxWidthOrHeight: AVATAR.compressMaxPx,
    initialQuality: AVATAR.compressQuality,
    fileType: 'image/jpeg',
    useWebWorker: false,
  });
}

/**
 * Convert and compress a chosen picture by the spec's rules. Files that are
 * not pictures, or over the 10 MB limit, are returned unchanged for the
 * machine to refuse. A picture the browser cannot decode is sent as chosen.
 */
export async function preparePicture(blob: Blob, name = ''): Promise<Prepared> {
  if (blob.size > AVATAR.maxBytes) return { blob, name };
  const type = await pictureType(blob);
  if (!type) return { blob, name };
  let out: Blob = blob;
  let outName = name;
  try {
    if (type === 'image/heic') {
      out = await heicToJpeg(blob);
      outName = jpgName(name);
    }
    if (out.size > AVATAR.compressOverBytes) {
      const smaller = await recompress(out, outName);
      if (smaller.size < out.size) {
        out = smaller;
        outName = jpgName(name);
      }
    }
  } catch {
    // Not decodable here: the server decides.
    return { blob, name };
  }
  return { blob: out, name: outName };
}
