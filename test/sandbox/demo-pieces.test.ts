import {mkdirSync, mkdtempSync, readFileSync, writeFileSync, writeSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {MAX_WEBHOOK_BYTES, startWebhookReceiver} from '../../scripts/alerting-stack.mjs';
// @ts-expect-error: a plain .mjs script without types
import {createRunDir} from '../../scripts/demo-files.mjs';

/*
 * The demo's pieces are its own: its webhook receiver takes notifications only from the
 * Alertmanager it configured (a random token in the path), cleaned and bounded; its folder
 * is made by mkdtemp, never under a name another local user could take first.
 */

describe("the demo's webhook receiver", () => {
  it('answers 404 without its token, cleans terminal and bidi controls, and refuses a body over the cap unread', async () => {
    const received: Array<[string, unknown]> = [];
    const webhook = await startWebhookReceiver((route, body) => received.push([route, body]));
    try {
      const origin = new URL(webhook.url).origin;
      expect(webhook.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}$/);
      expect((await fetch(`${origin}/page`, {method: 'POST', body: '{"status":"firing"}'})).status).toBe(404);
      const hostile = {status: 'firing\u001b]8;;https://evil.example\u0007\u001b[2J', alerts: [{labels: {check: 'a\u202eb'}}]};
      expect((await fetch(`${webhook.url}/page`, {method: 'POST', body: JSON.stringify(hostile)})).status).toBe(200);
      expect(received).toEqual([['page', {status: 'firing]8;;https://evil.example[2J', alerts: [{labels: {check: 'ab'}}]}]]);
      const big = await fetch(`${webhook.url}/page`, {method: 'POST', body: `{"x":"${'a'.repeat(MAX_WEBHOOK_BYTES)}"}`}).catch(() => undefined);
      if (big) expect(big.status).toBe(413);
      expect(received).toHaveLength(1);
    } finally {
      await webhook.close();
    }
  });
});

describe("the demo's folder", () => {
  it('is named by the port in a folder mkdtemp made: one another user pre-created is neither used nor an error', () => {
    const base = mkdtempSync(path.join(tmpdir(), 'vigil-demo-pieces-'));
    const run = createRunDir({XDG_RUNTIME_DIR: base});
    const log = run.log('sandbox.log');
    writeSync(log.fd, 'before\n');
    // What another local user sees in the listing, and takes first.
    const taken = path.join(base, `vigil-demo-4010-${path.basename(run.dir).slice('vigil-demo-'.length)}`);
    mkdirSync(taken);
    writeFileSync(path.join(taken, 'theirs'), 'x');
    run.nameByPort(4010);
    expect(path.basename(run.dir)).toMatch(/^vigil-demo-4010-/);
    expect(run.dir).not.toBe(taken);
    writeSync(log.fd, 'after\n');
    expect(readFileSync(log.path(), 'utf8')).toBe('before\nafter\n');
    run.remove();
  });
});
