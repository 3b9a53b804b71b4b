/** Pure helpers of the profile machine: image bytes and data URLs, reply and event readers. */
import type { ProfileEvent } from './types.ts';

export const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/** A data URL back into a Blob (the file infoSubmit sends). */
export function dataUrlToBlob(url: string): Blob {
  const [head = '', body = ''] = url.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bin = atob(body);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type });
}

export const mimeOf = (name: string, file: Blob) => {
  if (file.type) return file.type;
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return ext === 'png' ? 'image/png' : ext === 'heic' ? 'image/heic' : 'image/jpeg';
};

export const output = <R>(e: unknown) => (e as { output: R }).output;

export const pickOf = (e: ProfileEvent) =>
  e.type === 'avatar.select' ? { name: e.name, size: e.size ?? e.file.size } : undefined;
