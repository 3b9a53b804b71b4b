/**
 * Deposit proof images (user-centre.md §5 "Images"): the accepted types and
 * the machine's prepareImage (HEIC conversion and compression by the one rule
 * in ui/images/compress.ts).
 */
import { readImage } from '../../../machines/validation/wallet.ts';
import { preparePicture } from '../../images/compress.ts';

export const ACCEPT = '.heic,.jpg,.jpeg,.png,image/jpeg,image/png,image/heic';

/** The machine's prepareImage: converted and compressed when it should be, then read. */
export async function prepareImage(blob: Blob): Promise<string> {
  const { blob: out } = await preparePicture(blob, (blob as File).name ?? '');
  return readImage(out);
}
