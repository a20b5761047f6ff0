import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {runReportsCreate} from '../../../../src/cmd/reports/create/create.js';
import {runWork} from '../../../../src/ui/use-command.js';
import {localServer, type LocalServer} from '../../../api/helpers.js';
import {fakeIO} from '../../../helpers/fake-io.js';

let server: LocalServer | undefined;
afterEach(async () => server?.close());

const flags = {title: 'Fake wallet', description: 'Drainer site', asset: ['evil.example']};
const env = (url: string) => ({VIGIL_CONFIG_DIR: mkdtempSync(path.join(tmpdir(), 'vigil-int-')), VIGIL_API_KEY: 'vk_live_int_0123456789', VIGIL_BASE_URL: `${url}/api/v2`, VIGIL_ORG: 'acme'});

describe('Ctrl+C during reports create', () => {
  it('after the request left: exit 130 with the unknown-outcome hint a network failure gets', async () => {
    const controller = new AbortController();
    // The asset is checked first; then the upstream has the report (and may create it) but has not answered yet.
    server = await localServer((req, res) => {
      if (req.url?.endsWith('/asset/check')) res.writeHead(200, {'content-type': 'application/json'}).end('{"status":"UNKNOWN"}');
      else controller.abort(new Error('interrupted'));
    });
    const io = fakeIO({tty: false, env: env(server.url)});
    const code = await runWork({}, ctx => runReportsCreate(flags, ctx).then(() => 0), io, controller.signal);
    expect(code).toBe(130);
    expect(server.requests.map(req => req.url)).toEqual(['/api/v2/asset/check', '/api/v2/report/create']);
    expect(io.err()).toBe('interrupted\nhint: the report may or may not have been created; check with `vigil reports search <asset>` before trying again\n');
  });

  it('before anything was sent (a bad flag): just "interrupted" is not claimed, the input error shows', async () => {
    const io = fakeIO({tty: false, env: env('http://127.0.0.1:9')});
    const code = await runWork({}, ctx => runReportsCreate({...flags, title: ''}, ctx).then(() => 0), io, new AbortController().signal);
    expect(code).toBe(3);
    expect(io.err()).not.toContain('may or may not');
  });
});
