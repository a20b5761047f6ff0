import {describe, expect, it} from 'vitest';
import {findDuplicateContents, misspeltStatus, parseAssetFlag, uniqueContents} from '../../../../src/cmd/reports/shared/assets.js';
import {normalizeAssetContent} from '../../../../src/api/wire/index.js';

describe('parseAssetFlag', () => {
  it.each([
    ['evil.example', {content: 'evil.example'}],
    ['evil.example:BLOCKED', {content: 'evil.example', status: 'BLOCKED'}],
    ['evil.example:allowed', {content: 'evil.example', status: 'ALLOWED'}],
    ['evil.example:Unknown', {content: 'evil.example', status: 'UNKNOWN'}],
    ['https://evil.example:8443/login', {content: 'https://evil.example:8443/login'}],
    ['https://evil.example:8443/login:blocked', {content: 'https://evil.example:8443/login', status: 'BLOCKED'}],
    ['eip155:1:0xAbC0000000000000000000000000000000000001', {content: 'eip155:1:0xAbC0000000000000000000000000000000000001'}],
    ['eip155:1:0xabc:ALLOWED', {content: 'eip155:1:0xabc', status: 'ALLOWED'}],
    ['@handle:with:colons', {content: '@handle:with:colons'}],
    ['x.example:BLOCKEDX', {content: 'x.example:BLOCKEDX'}],
    [':BLOCKED', {content: '', status: 'BLOCKED'}],
  ])('%s', (input, expected) => {
    expect(parseAssetFlag(input)).toEqual(expected);
  });
});

describe('misspeltStatus', () => {
  it('flags a suffix a letter or two away from a status', () => {
    expect(misspeltStatus(parseAssetFlag('x.example:BLOKED'))).toBe('BLOCKED');
    expect(misspeltStatus(parseAssetFlag('x.example:alowed'))).toBe('ALLOWED');
    expect(misspeltStatus(parseAssetFlag('x.example:UNKOWN'))).toBe('UNKNOWN');
  });

  it('leaves real content with colons alone, and an explicit status wins', () => {
    expect(misspeltStatus(parseAssetFlag('eip155:1:0xabc'))).toBeUndefined();
    expect(misspeltStatus(parseAssetFlag('https://x.example:8443/a'))).toBeUndefined();
    expect(misspeltStatus(parseAssetFlag('x.example:BLOCKED'))).toBeUndefined();
    expect(misspeltStatus(parseAssetFlag('x.example:BLOKED:UNKNOWN'))).toBeUndefined();
    expect(misspeltStatus(parseAssetFlag('acme:support'))).toBeUndefined();
  });
});

describe('normalizeAssetContent (the upstream matching rule)', () => {
  it.each([
    ['https://Evil.Example/', 'evil.example'],
    ['http://EVIL.example/Path/', 'evil.example/Path'],
    ['Evil.Example', 'evil.example'],
    ['evil.example:8443/a', 'evil.example:8443/a'],
    ['@SomeHandle', '@somehandle'],
    ['eip155:1:0xAbC', 'eip155:1:0xabc'],
    ['https://YouTube.com/watch?v=AbC/', 'youtube.com/watch?v=AbC'],
    ['+15551234567', '+15551234567'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeAssetContent(input)).toBe(expected);
  });
});

describe('duplicates', () => {
  it('groups contents equal once normalised', () => {
    expect(findDuplicateContents(['a.example', 'https://A.example/', 'b.example', 'a.example'])).toEqual([
      {normalized: 'a.example', indexes: [0, 1, 3]},
    ]);
    expect(uniqueContents(['a.example', ' https://A.example/ ', 'b.example', ''])).toEqual(['a.example', 'b.example']);
  });
});
