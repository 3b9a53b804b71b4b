/**
 * Upgrading a saved state. Version 1 was one record holding the whole state,
 * images inline as data URLs; version 2 keeps images in the blob area (see
 * uploads.ts) and the state in units. A state from a version this build does
 * not know is refused with a clear message, never dropped.
 */
import { STATE_VERSION } from '../core-state.ts';
import { StoreVersionError, type StoredBlob } from './batch.ts';
import { fromDataUrl, type UploadRecord } from './uploads.ts';

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Where version 1 kept images: collection path, owner field (absent: the key is the uid), image fields. */
const IMAGE_FIELDS: Array<[string[], string | undefined, string[]]> = [
  [['account', 'walletRequests'], 'uid', ['proof']],
  [['account', 'kyc'], undefined, ['cardImgFront', 'cardImgReverse', 'cardImgAvatar']],
  [['account', 'junior'], undefined, ['cardImgFront', 'cardImgReverse', 'cardImgAvatar']],
  [['users'], undefined, ['avatar']],
];

/** Move version 1's inline images into uploads; returns the images for the blob area. */
function migrateV1(s: Rec, now: number): Map<string, StoredBlob> {
  const blobs = new Map<string, StoredBlob>();
  const uploads: Record<string, UploadRecord> = isRec(s.uploads)
    ? (s.uploads as Record<string, UploadRecord>)
    : {};
  let seq = typeof s.uploadSeq === 'number' ? s.uploadSeq : 0;
  for (const [path, owner, fields] of IMAGE_FIELDS) {
    let coll: unknown = s;
    for (const k of path) coll = isRec(coll) ? coll[k] : undefined;
    if (!isRec(coll)) continue;
    for (const [key, rec] of Object.entries(coll)) {
      if (!isRec(rec)) continue;
      const uid = owner ? String(rec[owner]) : key;
      for (const f of fields) {
        const v = rec[f];
        if (typeof v !== 'string' || !v.startsWith('data:')) continue;
        const img = fromDataUrl(v);
        if (!img) continue;
        seq += 1;
        const id = String(seq);
        uploads[id] = { uid, mime: img.mime, size: img.bytes.length, at: now };
        blobs.set(id, img);
        rec[f] = `upload:${id}`;
      }
    }
  }
  s.uploads = uploads;
  s.uploadSeq = seq;
  return blobs;
}

/**
 * Bring a loaded state up to {@link STATE_VERSION} in place; returns the
 * images the upgrade moved out of it. Throws {@link StoreVersionError} for a
 * version it cannot read.
 */
export function upgrade(state: unknown, now: number, where: string): Map<string, StoredBlob> {
  if (!isRec(state)) throw new StoreVersionError(`The simulator data in ${where} is not a state.`);
  const v = state.version;
  if (v === STATE_VERSION) return new Map();
  if (v === 1) {
    const blobs = migrateV1(state, now);
    state.version = STATE_VERSION;
    return blobs;
  }
  throw new StoreVersionError(
    `The simulator data in ${where} has state version ${String(v)}; this version reads ${STATE_VERSION} (and migrates 1). ` +
      'Use the version that wrote it, or start afresh with an empty store (another SIM_DATA folder, or clear the site data).',
  );
}
