import {describe, expect, it} from 'vitest';
import {NetworkFailure, networkFailure} from '../../src/api/failures.js';

/*
 * networkFailure rebuilds one of Node's errors as a NetworkFailure: its code (when it looks
 * like one), whether the request can have reached the upstream, and a plain message. Nothing
 * else of the Node error (message, request, headers) is carried over.
 */

const failure = (error: unknown, host = 'api.example:8443') => {
  const rebuilt = networkFailure(error, host);
  expect(rebuilt).toBeInstanceOf(NetworkFailure);
  return {code: rebuilt.code, phase: rebuilt.phase, message: rebuilt.message};
};

describe('networkFailure: the message a user reads for each code', () => {
  it('names the host, without its port, when it cannot be resolved', () => {
    expect(failure({code: 'ENOTFOUND'})).toEqual({code: 'ENOTFOUND', phase: 'not-sent', message: 'cannot resolve host api.example'});
    expect(failure({code: 'ENOTFOUND'}, 'api.example')).toEqual({code: 'ENOTFOUND', phase: 'not-sent', message: 'cannot resolve host api.example'});
  });

  it('calls a temporary DNS failure temporary, naming the host without its port', () => {
    expect(failure({code: 'EAI_AGAIN'})).toEqual({code: 'EAI_AGAIN', phase: 'not-sent', message: 'DNS lookup for api.example failed (temporary)'});
    expect(failure({code: 'EAI_AGAIN'}, 'api.example:8')).toMatchObject({message: 'DNS lookup for api.example failed (temporary)'});
  });

  it('keeps the port for a refused connection or a reset', () => {
    expect(failure({code: 'ECONNREFUSED'})).toEqual({code: 'ECONNREFUSED', phase: 'not-sent', message: 'connection refused by api.example:8443'});
    expect(failure({code: 'ECONNRESET'})).toEqual({code: 'ECONNRESET', phase: 'maybe-sent', message: 'connection reset by api.example:8443'});
  });

  it('calls a certificate or TLS failure a TLS error, with its code', () => {
    expect(failure({code: 'CERT_HAS_EXPIRED'})).toEqual({code: 'CERT_HAS_EXPIRED', phase: 'maybe-sent', message: 'TLS error talking to api.example:8443 (CERT_HAS_EXPIRED)'});
    expect(failure({code: 'ERR_SSL_WRONG_VERSION_NUMBER'}).message).toBe('TLS error talking to api.example:8443 (ERR_SSL_WRONG_VERSION_NUMBER)');
  });

  it('names any other code as it is', () => {
    expect(failure({code: 'EPIPE'})).toEqual({code: 'EPIPE', phase: 'maybe-sent', message: 'request to api.example:8443 failed (EPIPE)'});
  });
});

describe('networkFailure: what counts as a code', () => {
  it('an error without a code, or no error at all, is ERR_NETWORK', () => {
    const generic = {code: 'ERR_NETWORK', phase: 'maybe-sent', message: 'request to api.example:8443 failed (ERR_NETWORK)'};
    expect(failure(new Error('socket hang up'))).toEqual(generic);
    expect(failure(undefined)).toEqual(generic);
    expect(failure(null)).toEqual(generic);
  });

  it.each([
    ['a number', 42],
    ['lower case', 'econnreset'],
    ['a code followed by text', 'ECONNRESET x-api-key: secret'],
    ['text followed by a code', 'x-api-key: secret ECONNRESET'],
  ])('a code that is %s is not trusted: ERR_NETWORK, and none of it is repeated', (_label, code) => {
    const rebuilt = failure({code});
    expect(rebuilt.code).toBe('ERR_NETWORK');
    expect(rebuilt.message).toBe('request to api.example:8443 failed (ERR_NETWORK)');
  });
});

describe('networkFailure: the phase, which decides whether a create may be sent again', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EADDRINUSE'])(
    '%s proves nothing reached the upstream: not sent, whatever the timings say',
    code => {
      for (const sent of [undefined, false, true]) expect(networkFailure({code}, 'api.example', sent).phase).toBe('not-sent');
    },
  );

  it('any other code follows the timings: not sent when the upload never happened, maybe sent once it did or when unknown', () => {
    expect(networkFailure({code: 'ECONNRESET'}, 'api.example', false).phase).toBe('not-sent');
    expect(networkFailure({code: 'ECONNRESET'}, 'api.example', true).phase).toBe('maybe-sent');
    expect(networkFailure({code: 'ECONNRESET'}, 'api.example').phase).toBe('maybe-sent');
  });

  it('a TLS failure is named one by any of CERT, SSL or TLS in its code', () => {
    expect(failure({code: 'ERR_TLS_HANDSHAKE_TIMEOUT'}).message).toBe('TLS error talking to api.example:8443 (ERR_TLS_HANDSHAKE_TIMEOUT)');
  });
});
