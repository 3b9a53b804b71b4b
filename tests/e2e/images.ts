/** Pictures made at test time: PNGs of any size, and a real HEIC made by libheif's heif-enc. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB PNG: a gradient, with random pixels on every `noiseEvery`-th row (0: none) so it does not compress away. */
export function png(w: number, h: number, noiseEvery = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((w * 3 + 1) * h);
  let seed = 7;
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    const noisy = noiseEvery > 0 && y % noiseEvery === 0;
    for (let x = 0; x < w; x++) {
      const i = row + 1 + x * 3;
      if (noisy) {
        for (let k = 0; k < 3; k++)
          raw[i + k] = (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 24;
      } else raw.set([(40 + (x * 200) / w) | 0, 90, (200 - (y * 150) / h) | 0], i);
    }
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    sig,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real HEIC of a `w`×`h` PNG, encoded by heif-enc (Debian's libheif-examples). */
export function heic(w: number, h: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'heic-'));
  try {
    writeFileSync(join(dir, 'in.png'), png(w, h));
    execFileSync('heif-enc', ['-q', '60', join(dir, 'in.png'), '-o', join(dir, 'out.heic')], {
      stdio: 'ignore',
    });
    return readFileSync(join(dir, 'out.heic'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A 1×1 PNG: a real picture for a proof or an avatar. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
