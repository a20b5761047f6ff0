import {afterEach, describe, expect, it} from 'vitest';
import {clearSecrets, maskSecret, redact, registerSecret} from '../src/secrets.js';

afterEach(() => clearSecrets());

describe('maskSecret', () => {
  it('shows nothing of a key of 8 characters or fewer (3 + 4 visible would be almost all of it)', () => {
    expect(maskSecret('abcdefgh')).toBe('********');
    expect(maskSecret('abcd')).toBe('****');
  });

  it('shows the first 3 and last 4 characters of a longer key', () => {
    expect(maskSecret('abcdefghi')).toBe('abc…fghi');
    expect(maskSecret('vk_live_0123456789')).toBe('vk_…6789');
  });
});

describe('redact', () => {
  it('masks every registered secret wherever it appears, an 8-character one entirely', () => {
    registerSecret('k8chars!');
    registerSecret('vk_live_0123456789');
    expect(redact('a k8chars! b vk_live_0123456789 c k8chars!')).toBe('a ******** b vk_…6789 c ********');
  });

  it('masks a password whole, no part of it shown, and a secret containing another before the shorter one', () => {
    registerSecret('Ec5Pw9Zx4Pw42', 'whole');
    registerSecret('Pw9Z', 'whole');
    registerSecret('vk_live_0123456789');
    expect(redact('ERR proxy rejected AUTH Ec5Pw9Zx4Pw42 (Pw9Z) vk_live_0123456789')).toBe('ERR proxy rejected AUTH *** (***) vk_…6789');
  });

  it('masks the forms an upstream echoes a key in: percent-encoded (either hex case, a form\'s `+`) and JSON-escaped', () => {
    const key = 'vk_a+b/c "d\\e=f';
    registerSecret(key);
    const percent = encodeURIComponent(key);
    const text = [key, percent, percent.toLowerCase(), new URLSearchParams({k: key}).toString().slice(2), JSON.stringify(key).slice(1, -1)].join(' | ');
    expect(redact(text)).toBe(Array(5).fill('vk_…*e=f').join(' | '));
    // The mask keeps the JSON it lands in valid: no backslash or quote of the key shows.
    expect(JSON.parse(redact(JSON.stringify({echo: key})))).toEqual({echo: 'vk_…*e=f'});
  });

  it('ignores secrets too short to mask usefully', () => {
    registerSecret('abc');
    expect(redact('abc')).toBe('abc');
  });
});
