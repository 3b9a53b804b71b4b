/**
 * Deposit proof images (user-centre.md §5 "Images"): the accepted types and
 * the machine's prepareImage (compression and HEIC conversion on a canvas).
 */
import { readImage } from '../../../machines/validation/wallet.ts';

/** §9: images over 0.3 MB are compressed (quality 0.75, max 1920 px); HEIC becomes JPEG at 0.7. */
const COMPRESS_OVER = 0.3 * 1024 * 1024;
const MAX_SIDE = 1920;
export const ACCEPT = '.heic,.jpg,.jpeg,.png,image/jpeg,image/png,image/heic';

async function toJpeg(blob: Blob, quality: number): Promise<Blob | null> {
  const bmp = await createImageBitmap(blob);
  const scale = Math.min(1, MAX_SIDE / Math.max(bmp.width, bmp.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bmp.width * scale);
  canvas.height = Math.round(bmp.height * scale);
  const g = canvas.getContext('2d');
  if (!g) return null;
  // JPEG has no transparency: a white ground instead of black.
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.drawImage(bmp, 0, 0, canvas.width, canvas.height);
  bmp.close();
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
}

/** The machine's prepareImage: compressed (or converted) when it should be, then read. */
export async function prepareImage(blob: Blob): Promise<string> {
  const name = (blob as File).name?.toLowerCase() ?? '';
  const heic = /heic|heif/.test(blob.type) || name.endsWith('.heic');
  if (heic || blob.size > COMPRESS_OVER) {
    try {
      const out = await toJpeg(blob, heic ? 0.7 : 0.75);
      if (out && (heic || out.size < blob.size)) return await readImage(out);
    } catch {
      // Not decodable here (HEIC on most browsers): sent as chosen.
    }
  }
  return readImage(blob);
}
