import {spawn} from 'node:child_process';
import {createServer, type Server} from 'node:https';
import type {AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {NetworkFailure} from '../../src/api/failures.js';
import {createTransport} from '../../src/api/transport.js';
import {rejectionOf} from '../helpers/thrown.js';
import {KEY, NO_RETRIES} from './helpers.js';
import {bundleFixture} from '../helpers/build.js';
import {outcomeOf} from '../helpers/cli.js';

/*
 * The connect phase over https ends with the TLS handshake, not with the TCP connection:
 * a slow answer after the handshake is a response wait, not a connect timeout. Against a
 * real loopback https server with a throwaway self-signed certificate for 127.0.0.1 (its
 * key protects nothing), trusted with NODE_TLS_REJECT_UNAUTHORIZED=0 in a client process of
 * its own (test/api/fixtures/tls-client.ts): set here, Node's warning about it was printed in
 * every run of the suite.
 */

const TEST_ONLY_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgctPcbYd7Kps/Y5fL
M7SCuEytrANKTtVfoP3dVdQo1UChRANCAAS13cuvmYjVpOQt8q3aBphBaB65s3o3
iSvIMBCJxBsqV7ovcYm0vv4M1fZMArhHrbbEJMETs/UWvHi16rxZELRI
-----END PRIVATE KEY-----`;
const TEST_ONLY_CERT = `-----BEGIN CERTIFICATE-----
MIIBjzCCATagAwIBAgIUcoz3R69+19CEsvnjBRLLSh/up3gwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNjE1NDAyOVoYDzIxMjYxMTAy
MTU0MDI5WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAS13cuvmYjVpOQt8q3aBphBaB65s3o3iSvIMBCJxBsqV7ovcYm0vv4M
1fZMArhHrbbEJMETs/UWvHi16rxZELRIo2QwYjAdBgNVHQ4EFgQU61rxKJK8xywf
1XVZiIW7X+p4+uQwHwYDVR0jBBgwFoAU61rxKJK8xywf1XVZiIW7X+p4+uQwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0cAMEQC
IFkrvtK3EEwOLTfESJ+7IF6uNfZPlmn2UIVRZnkRZ/rVAiANwv2NXgroRArQ/Zy0
BW2r1WWMJrJtwjkbbWP0SjA/Ng==
-----END CERTIFICATE-----`;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>(resolve => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('https', () => {
  it('an answer slower than connectTimeoutMs after the TLS handshake is waited for, up to timeoutMs', async () => {
    server = createServer({key: TEST_ONLY_KEY, cert: TEST_ONLY_CERT}, (_req, res) => setTimeout(() => res.writeHead(200).end('ok'), 300));
    await new Promise<void>(resolve => server!.listen(0, '127.0.0.1', resolve));
    const {port} = server.address() as AddressInfo;
    const client = spawn(process.execPath, [await bundleFixture('test/api/fixtures/tls-client.ts'), `https://127.0.0.1:${port}/api/v2/`], {
      env: {PATH: process.env.PATH, NODE_TLS_REJECT_UNAUTHORIZED: '0'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const {code, stdout, stderr} = await outcomeOf(client);
    expect(JSON.parse(stdout)).toEqual({status: 200, body: 'ok'});
    expect(code).toBe(0);
    // Node's own warning, in the process that turned verification off: vigil does not hide it.
    expect(stderr).toContain('NODE_TLS_REJECT_UNAUTHORIZED');
  });

  it('without NODE_TLS_REJECT_UNAUTHORIZED=0, a certificate nobody vouches for is refused as a TLS error, before anything is sent', async () => {
    delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    let requests = 0;
    server = createServer({key: TEST_ONLY_KEY, cert: TEST_ONLY_CERT}, (_req, res) => {
      requests++;
      res.writeHead(200).end('ok');
    });
    await new Promise<void>(resolve => server!.listen(0, '127.0.0.1', resolve));
    const {port} = server.address() as AddressInfo;
    const transport = createTransport({prefixUrl: new URL(`https://127.0.0.1:${port}/api/v2/`), apiKey: KEY, userAgent: 'u', connectTimeoutMs: 1_000, timeoutMs: 1_000, maxResponseBytes: 1_000, ...NO_RETRIES});
    const error = await rejectionOf(transport.send({method: 'GET', path: 'reports', signal: new AbortController().signal}), NetworkFailure);
    expect(error.message).toMatch(new RegExp(`^TLS error talking to 127\\.0\\.0\\.1:${port} \\([A-Z_]*SELF_SIGNED[A-Z_]*\\)$`));
    expect(requests).toBe(0);
  });
});
