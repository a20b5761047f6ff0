import {describe, expect, it} from 'vitest';
import {checkBaseUrl, isLoopbackHost} from '../../src/api/url-guard.js';
import {InputError} from '../../src/errors.js';
import {thrownBy} from '../helpers/thrown.js';

describe('isLoopbackHost: where plain http may go', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '0:0:0:0:0:0:0:1', '[0:0:0:0:0:0:0:1]', '::ffff:7f00:1', '::ffff:7fff:ffff', '::ffff:127.0.0.1', '[::FFFF:7F00:1]'])(
    '%s is loopback',
    host => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each(['localhost.example', 'x.localhost', '128.0.0.1', '1.127.0.0', '::2', '::ffff:8000:1', '::ffff:a00:1', '::ffff:10.0.0.1', '::ffff:128.0.0.1', '1::ffff:7f00:1', '::ffff:7f00:1:1', '[::1', 'fe80::1', '127.0.0.1.example.com'])(
    '%s is not',
    host => expect(isLoopbackHost(host)).toBe(false),
  );

  it('reads every octet of an IPv4-mapped address written with dots, however many digits', () => {
    expect(isLoopbackHost('::ffff:127.10.200.30')).toBe(true);
    expect(isLoopbackHost('[::ffff:127.255.255.254]')).toBe(true);
  });

  it.each([
    // Brackets count only when they wrap the whole host.
    ':[:1]',
    '[:]:1',
    '::ffff:7f00[:1]',
    // The dotted form only right after ::ffff:, and only as a valid address.
    '1::ffff:127.0.0.1',
    '::ffff:127.0.0.256',
  ])('%s is not loopback (nor an address at all, for some)', host => expect(isLoopbackHost(host)).toBe(false));
});

describe('checkBaseUrl', () => {
  const refusal = (raw: string) => {
    const error = thrownBy(() => checkBaseUrl(raw));
    expect(error).toBeInstanceOf(InputError);
    const input = error as InputError;
    expect(input.problems.map(problem => problem.field)).toEqual(['--base-url']);
    expect(input.hint).toBe('pass --base-url https://<host>/api/v2, set VIGIL_BASE_URL, or run `vigil config set base-url <url>`');
    return input.problems[0]!.message;
  };

  it('returns the URL with one trailing slash, spaces around it ignored', () => {
    expect(checkBaseUrl('https://api.example/api/v2').href).toBe('https://api.example/api/v2/');
    expect(checkBaseUrl('https://api.example/api/v2/').href).toBe('https://api.example/api/v2/');
    expect(checkBaseUrl('  https://api.example/api/v2 \n').href).toBe('https://api.example/api/v2/');
    expect(checkBaseUrl('http://127.0.0.1:8080/api/v2').href).toBe('http://127.0.0.1:8080/api/v2/');
    expect(checkBaseUrl('http://[::1]:8080/api/v2').href).toBe('http://[::1]:8080/api/v2/');
  });

  it('ignores any white space pasted around the URL, a no-break space included', () => {
    expect(checkBaseUrl('\u00a0https://api.example/api/v2\u2003').href).toBe('https://api.example/api/v2/');
  });

  it('refuses what is not a URL, or not http(s)', () => {
    expect(refusal('api.example')).toBe('not a valid URL: "api.example"');
    expect(refusal('ftp://api.example/')).toBe('must start with https:// (got ftp://)');
  });

  it('refuses a user name or a password in the URL, each alone', () => {
    expect(refusal('https://user@api.example/')).toMatch(/^must not contain a user name or password/);
    expect(refusal('https://:secret@api.example/')).toMatch(/^must not contain a user name or password/);
  });

  it('refuses a query string or a fragment, each alone', () => {
    expect(refusal('https://api.example/api/v2?x=1')).toBe('must not contain a query string or fragment');
    expect(refusal('https://api.example/api/v2#top')).toBe('must not contain a query string or fragment');
  });

  it('refuses plain http to anything but loopback', () => {
    expect(refusal('http://api.example/api/v2')).toMatch(/^refusing to send the API key over plain http to api\.example; use https:\/\//);
  });
});
