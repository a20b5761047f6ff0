import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';
import type {TmuxSession} from '../helpers/tmux.js';

/* The guided `reports create` in a real terminal (tmux) against the sandbox process. */

const terminal = useSandboxTerminal();

function create(args: string[] = []): TmuxSession {
  return terminal.open(['reports', 'create', ...args], {rows: 50});
}

describe('guided create in a terminal', () => {
  it('prompts for every missing field, checks duplicates, confirms, and shows a 422 per asset (exit 7)', async () => {
    const unique = `e2e-${Date.now()}.example`;
    const term = create(['--attachment-url', 'https://files.example/shot.png']);
    await term.waitForScreen('? Title (at least 3 characters):');
    term.type('ab');
    term.keys('Enter');
    await term.waitForScreen('title must be at least 3 characters');
    term.keys('BSpace', 'BSpace');
    term.type('Fake wallet site');
    term.keys('Enter');
    await term.waitForScreen('? Description:');
    term.type('Clone of the acme wallet');
    term.keys('Enter');
    await term.waitForScreen('? Asset 1');
    term.type('acme-wallet-verify.example');
    term.keys('Enter');
    await term.waitForScreen('Status of acme-wallet-verify.example');
    term.keys('Down', 'Enter');
    await term.waitForScreen('✔ Asset 1: acme-wallet-verify.example (BLOCKED)');
    term.type(unique);
    term.keys('Enter', 'Enter');
    await term.waitForScreen(`✔ Asset 2: ${unique} (server default)`);
    term.keys('Enter');
    await term.waitForScreen('? Contact info');
    term.type('ops@acme.example');
    term.keys('Enter');

    const review = await term.waitForScreen('Submit this report?');
    expect(review).toContain('"title": "Fake wallet site"');
    expect(review).toContain('"contactInfo": "ops@acme.example"');
    expect(review).toContain('"https://files.example/shot.png"');
    expect(review).toMatch(/! acme-wallet-verify\.example: already reported in \d+/);
    expect(review).toContain(`✔ ${unique}: no report yet`);

    // The seeded asset is already pending review upstream: the sandbox refuses (422, exit 7).
    term.keys('y');
    await term.waitForScreen('ALREADY_PENDING_REVIEW');
    expect(await term.waitForExit()).toBe(7);
  });

  it('creates the report when the assets are new, and the report is then listed', async () => {
    const unique = `e2e-new-${Date.now()}.example`;
    const term = create(['--title', 'Brand new phishing kit']);
    await term.waitForScreen('? Description:');
    term.type('Seen in an e2e test');
    term.keys('Enter');
    await term.waitForScreen('? Asset 1');
    term.type(unique);
    term.keys('Enter');
    await term.waitForScreen(`Status of ${unique}`);
    term.keys('Down', 'Down', 'Enter');
    await term.waitForScreen(`(ALLOWED)`);
    term.keys('Enter');
    await term.waitForScreen('? Contact info');
    term.keys('Enter');
    await term.waitForScreen('Submit this report?');
    expect(term.screen()).not.toContain('✔ Title');
    term.keys('Enter');
    const done = await term.waitForScreen(/✔ Created report (\S+)/);
    const id = /✔ Created report (\S+)/.exec(done)![1]!;
    expect(done).toContain('organization:');
    expect(await term.waitForExit()).toBe(0);

    const listed = await runCli(['reports', 'list', '--search', 'Brand new phishing kit', '--json'], {env: terminal.env()});
    expect(listed.code).toBe(0);
    const body = JSON.parse(listed.stdout) as {reports: Array<{id: string; title: string}>};
    expect(body.reports.map(r => r.id)).toContain(id);
  });

  it('without a terminal, missing fields are an input error naming the flags (exit 3)', async () => {
    const result = await runCli(['reports', 'create', '--title', 'Only a title'], {env: terminal.env()});
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('--description');
    expect(result.stderr).toContain('--asset');
  });

  it('bad flags exit 3 before the first prompt', async () => {
    const term = create(['--attachment-url', 'not a url']);
    expect(await term.waitForExit()).toBe(3);
    expect(term.screen()).toContain('--attachment-url');
    expect(term.screen()).not.toContain('? Title');
  });

  it('Ctrl+C at a prompt restores the terminal and exits 130', async () => {
    const term = create();
    await term.waitForScreen('? Title');
    term.type('Half typed');
    term.keys('C-c');
    expect(await term.waitForExit()).toBe(130);
    expect(term.ttyModes()).toMatch(/(^|\s)icanon\b/);
  });
});
