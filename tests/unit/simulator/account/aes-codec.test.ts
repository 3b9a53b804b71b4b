/** The shared field codec: round trip, determinism, key separation, tamper detection. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, decodeSensitive, encodeSensitive } from '../../../../src/api/aes-codec.ts';

const K1 = '00112233445566778899aabbccddeeff';
const K2 = 'ffeeddccbbaa99887766554433221100';

describe('aes codec', () => {
  it('round-trips any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (s) => {
        expect(await decodeSensitive(K1, await encodeSensitive(K1, s))).toBe(s);
      }),
      { numRuns: 100 },
    );
  });

  it('is deterministic per key, differs across keys, and hides the text', async () => {
    const a = await encodeSensitive(K1, 'GB29NWBK60161331926819');
    expect(await encodeSensitive(K1, 'GB29NWBK60161331926819')).toBe(a);
    expect(await encodeSensitive(K2, 'GB29NWBK60161331926819')).not.toBe(a);
    expect(atob(a)).not.toContain('GB29');
  });

  it('refuses another key, tampering, non-base64 and a bad key', async () => {
    const a = await encodeSensitive(K1, 'secret');
    await expect(decodeSensitive(K2, a)).rejects.toBeInstanceOf(CodecError);
    const bytes = Uint8Array.from(atob(a), (c) => c.charCodeAt(0));
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    await expect(decodeSensitive(K1, btoa(String.fromCharCode(...bytes)))).rejects.toBeInstanceOf(
      CodecError,
    );
    await expect(decodeSensitive(K1, 'not base64!')).rejects.toBeInstanceOf(CodecError);
    await expect(encodeSensitive('xyz', 'a')).rejects.toBeInstanceOf(CodecError);
  });
});
