/** Server image paths (avatar, KYC, logos) go through api.image, which carries the token. */
import { describe, expect, it } from 'vitest';
import { isServerPath, resolveImage } from '../../../src/ui/server-image.ts';

describe('server images', () => {
  it('a server path is fetched through api.image; other sources show as given', async () => {
    const asked: string[] = [];
    const image = async (p: string) => {
      asked.push(p);
      return `blob:token-fetched${p}`;
    };
    expect(await resolveImage('/waa/user/avatar/7.png', image)).toBe(
      'blob:token-fetched/waa/user/avatar/7.png',
    );
    expect(await resolveImage('data:image/png;base64,AAAA', image)).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(await resolveImage('https://cdn.example.com/a.png', image)).toBe(
      'https://cdn.example.com/a.png',
    );
    expect(await resolveImage(undefined, image)).toBeUndefined();
    expect(asked).toEqual(['/waa/user/avatar/7.png']);
  });
  it('tells paths from URLs', () => {
    expect(isServerPath('/waa/x.png')).toBe(true);
    expect(isServerPath('//cdn.example.com/x.png')).toBe(false);
    expect(isServerPath('blob:abc')).toBe(false);
  });
});
