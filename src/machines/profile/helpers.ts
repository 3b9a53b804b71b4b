/** Pure helpers of the profile machine: image types, reply and event readers. */
import type { ProfileEvent } from './types.ts';

export { toBase64 } from '../../api/aes-codec.ts';
export { dataUrlToBlob } from '../validation/wallet.ts';
export { outputOf } from '../events.ts';

export const mimeOf = (name: string, file: Blob) => {
  if (file.type) return file.type;
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'heic' ? 'image/heic' : 'image/jpeg';
};

export const pickOf = (e: ProfileEvent) =>
  e.type === 'avatar.select' ? { name: e.name, size: e.size ?? e.file.size } : undefined;
