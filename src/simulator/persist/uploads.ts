/**
 * Uploaded images (deposit proofs, identity-card images, avatars) live in the
 * store's blob area, outside the state: the state keeps a reference
 * (`upload:<id>`) and a small record per upload (owner, type, size), so a
 * call's save writes the new image once and never again.
 *
 * Each user may keep {@link UPLOAD_QUOTA_BYTES} of images; an upload that
 * would pass it answers {@link QUOTA_CODE} (1016, "incorrect parameter
 * content", the code an oversized image already gets). Replacing an avatar
 * or an identity image frees the old one.
 *
 * The calls still answer image fields as data URLs, as they did when the
 * images sat in the state.
 */
import type { StoredBlob } from './batch.ts';

/** What one user may keep in images. */
export const UPLOAD_QUOTA_BYTES = 20 * 1024 * 1024;
/** The reply code of an upload over the quota. */
export const QUOTA_CODE = 1016;

export interface UploadRecord {
  uid: string;
  mime: string;
  size: number;
  at: number;
}

/** The uploads' section of the state (state.ts composes it). */
export interface UploadsSlice {
  /** Uploaded images by id (the bytes are in the store's blob area). */
  uploads: Record<string, UploadRecord>;
  /** Last upload id issued. */
  uploadSeq?: number;
}

const PREFIX = 'upload:';

/** Is this field value a reference to an upload? */
export const isUploadRef = (v: unknown): v is string =>
  typeof v === 'string' && v.startsWith(PREFIX);

export interface Uploads {
  /** Bytes of images a user keeps now. */
  used(uid: string): number;
  /** Would adding `bytes` (and dropping the `freeing` references) stay within the user's quota? */
  fits(uid: string, bytes: number, freeing?: ReadonlyArray<string | undefined>): boolean;
  /** Keep an image; returns its reference. Check {@link Uploads.fits} first. */
  put(uid: string, image: StoredBlob, now: number): string;
  /** Forget an image (replaced); a value that is not a reference is ignored. */
  drop(ref: string | undefined): void;
  /** The image as a data URL (a legacy inline data URL is returned as it is). */
  url(ref: string | undefined): Promise<string | undefined>;
  /** Images written or dropped and not yet in a save, for the next one. */
  take(): BlobChanges;
  /** A save with these changes ended: written (forget them) or failed (retry them). */
  settle(t: BlobChanges, written: boolean): void;
  /** Forget every image not yet saved (a failed save undid the changes that made them). */
  discard(): void;
}

export interface BlobChanges {
  put: Array<[string, StoredBlob]>;
  del: string[];
}

/** A stored image as a data URL (base64). */
export function toDataUrl(b: StoredBlob): string {
  let s = '';
  for (let i = 0; i < b.bytes.length; i += 0x8000)
    s += String.fromCharCode(...b.bytes.subarray(i, i + 0x8000));
  return `data:${b.mime};base64,${btoa(s)}`;
}

/** Decode a `data:<mime>;base64,…` URL (undefined when it is not one). */
export function fromDataUrl(url: string): StoredBlob | undefined {
  const m = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (!m) return undefined;
  const bin = atob(m[2] as string);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return { mime: m[1] as string, bytes };
}

/** The upload area of a simulator, over its (tracked) state and its store's blobs. */
export function createUploads(
  state: UploadsSlice,
  read: (id: string) => Promise<StoredBlob | undefined>,
  staged: Map<string, StoredBlob | null> = new Map(),
): Uploads {
  // Written but not yet saved (null: dropped), so reads see them at once;
  // an entry stays until its save has ended.
  const pending = staged;
  const inFlight = new Set<string>();
  const idOf = (ref: string) => ref.slice(PREFIX.length);
  const used = (uid: string) =>
    Object.values(state.uploads ?? {}).reduce((s, u) => (u.uid === uid ? s + u.size : s), 0);
  return {
    used,
    fits(uid, bytes, freeing = []) {
      let free = 0;
      for (const ref of freeing) {
        const rec = isUploadRef(ref) ? state.uploads[idOf(ref)] : undefined;
        if (rec?.uid === uid) free += rec.size;
      }
      return used(uid) - free + bytes <= UPLOAD_QUOTA_BYTES;
    },
    put(uid, image, now) {
      state.uploads ??= {};
      const seq = (state.uploadSeq ?? 0) + 1;
      state.uploadSeq = seq;
      const id = String(seq);
      state.uploads[id] = { uid, mime: image.mime, size: image.bytes.length, at: now };
      pending.set(id, image);
      return PREFIX + id;
    },
    drop(ref) {
      if (!isUploadRef(ref)) return;
      const id = idOf(ref);
      if (!state.uploads?.[id]) return;
      delete state.uploads[id];
      pending.set(id, null);
    },
    async url(ref) {
      if (!isUploadRef(ref)) return ref;
      const id = idOf(ref);
      const p = pending.get(id);
      if (p === null) return undefined;
      const b = p ?? (await read(id));
      return b ? toDataUrl(b) : undefined;
    },
    take() {
      const put: Array<[string, StoredBlob]> = [];
      const del: string[] = [];
      for (const [id, b] of pending) {
        if (inFlight.has(id)) continue;
        inFlight.add(id);
        if (b) put.push([id, b]);
        else del.push(id);
      }
      return { put, del };
    },
    settle(t, written) {
      for (const [id, b] of t.put) {
        inFlight.delete(id);
        if (written && pending.get(id) === b) pending.delete(id);
      }
      for (const id of t.del) {
        inFlight.delete(id);
        if (written && pending.get(id) === null) pending.delete(id);
      }
    },
    discard() {
      for (const id of pending.keys()) if (!inFlight.has(id)) pending.delete(id);
    },
  };
}
