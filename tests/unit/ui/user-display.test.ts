/**
 * user-centre.md §3 "phone with area code" and §8 "a camera warning on some
 * mobile device uploads" (read as Android and iOS/iPadOS devices).
 */
import { describe, expect, it } from 'vitest';
import { displayPhone } from '../../../src/ui/forms/phone.tsx';
import { cameraWarningFor } from '../../../src/ui/components/camera-notice.tsx';

describe('phone with area code (user-centre §3)', () => {
  it('splits the code from a number given code first, or uses the areaCode given', () => {
    expect(displayPhone('12125550177')).toBe('+1 2125550177');
    expect(displayPhone('447911123456')).toBe('+44 7911123456');
    expect(displayPhone('7911123456', '44')).toBe('+44 7911123456');
    expect(displayPhone('+44 7911 123456', '+44')).toBe('+44 7911123456');
    expect(displayPhone(undefined)).toBeUndefined();
    expect(displayPhone('')).toBeUndefined();
  });
});

describe('camera warning (user-centre §8)', () => {
  it('Android, iPhone and iPad (also one that reports a Mac with touch); not desktops', () => {
    expect(cameraWarningFor('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile')).toBe(true);
    expect(cameraWarningFor('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true);
    expect(cameraWarningFor('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true);
    expect(cameraWarningFor('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false);
    expect(cameraWarningFor('Mozilla/5.0 (X11; Linux x86_64) Chrome/126')).toBe(false);
    expect(cameraWarningFor('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe(false);
  });
});
