import {describe, expect, it} from 'vitest';
import {runCli} from '../helpers/cli.js';
import {useSandboxTerminal} from '../helpers/sandbox-terminal.js';
import {tmux, type TmuxSession} from '../helpers/tmux.js';

/* The guided `reports create` in a real terminal (tmux) against the sandbox process. */

const terminal = useSandboxTerminal();

function create(args: string[] = []): TmuxSession {
  return terminal.open(['reports', 'create', ...args], {rows: 50});
}

describe.skipIf(tmux.skipReason)('guided create in a terminal', () => {
  it('prompts for every missing field, offers to drop a duplicate, and after a 422 returns to the form with the asset marked until it is dropped and the report created', async () => {
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

    // One asset is already reported: the flow offers to drop it; keep it to meet the 422.
    await term.waitForScreen('Drop 1 already reported asset(s) before sending?');
    term.type('n');
    const review = await term.waitForScreen('Submit this report? (y/N)');
    expect(review).toContain('"title": "Fake wallet site"');
    expect(review).toContain('"contactInfo": "ops@acme.example"');
    expect(review).toContain('"https://files.example/shot.png"');
    expect(review).toMatch(/! acme-wallet-verify\.example: already reported in \d+/);
    expect(review).toContain(`✔ ${unique}: no report yet`);

    // The seeded asset is already pending review upstream: the sandbox refuses (422), nothing
    // is created, and the form comes back with every answer kept and the asset marked.
    term.type('y');
    await term.waitForScreen('ALREADY_PENDING_REVIEW');
    await term.waitForScreen('? Title (at least 3 characters): Fake wallet site');
    term.keys('Enter');
    await term.waitForScreen('? Description: Clone of the acme wallet');
    term.keys('Enter');
    const marked = await term.waitForScreen('? Asset 1 (empty the line to drop it): acme-wallet-verify.example');
    expect(marked).toContain('rejected: ALREADY_PENDING_REVIEW');
    // Separate sends: Ink reads a chunk of several keys as typed text, not as Ctrl+U then Enter.
    term.keys('C-u');
    await term.waitForScreen(/\? Asset 1 \(empty the line to drop it\): *$/m);
    term.keys('Enter');
    const escaped = unique.replace(/\./g, '\\.');
    await term.waitForScreen(new RegExp(`\\? Asset \\d \\(empty the line to drop it\\): ${escaped}`));
    term.keys('Enter');
    const next = await term.waitForScreen(new RegExp(`Status of ${escaped}|\\? Asset \\d \\(enter on an empty line when done\\)`));
    if (/Status of/.test(next.split('\n').slice(-3).join('\n'))) term.keys('Enter');
    await term.waitForScreen(/\? Asset \d \(enter on an empty line when done\)/);
    term.keys('Enter');
    await term.waitForScreen('? Contact info (optional: enter to skip): ops@acme.example');
    term.keys('Enter');
    await term.waitForScreen('Submit this report? (Y/n)');
    term.keys('Enter');
    await term.waitForScreen(/✔ Created report \S+/);
    expect(await term.waitForExit()).toBe(0);
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
    expect(term.screen()).toContain('interrupted: nothing was sent');
    expect(term.ttyModes()).toMatch(/(^|\s)icanon\b/);
  });
});
