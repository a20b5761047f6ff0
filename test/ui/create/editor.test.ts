import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {editInEditor} from '../../../src/ui/create/editor.js';

let dir: string;
afterEach(() => rmSync(dir, {recursive: true, force: true}));

/** An "editor": a shell script that records the file it got and its mode, then writes `text`. */
function fakeEditor(body: string): string {
  dir = mkdtempSync(join(tmpdir(), 'vigil-editor-test-'));
  const script = join(dir, 'editor.sh');
  writeFileSync(script, `#!/bin/sh\necho "$1" > "${dir}/path"\ncat "$1" > "${dir}/seen"\nstat -c %a "$1" > "${dir}/mode"\n${body}\n`);
  chmodSync(script, 0o700);
  return script;
}

describe('editInEditor', () => {
  it('opens the text in $EDITOR on a 0600 file, returns what was saved, and removes the file', () => {
    const editor = fakeEditor(`printf '# Title\\n\\nbody\\n\\n' > "$1"`);
    const work = join(dir, 'tmp');
    mkdirSync(work);
    expect(editInEditor('draft', {env: {EDITOR: editor}, dir: work})).toEqual({text: '# Title\n\nbody'});
    expect(readFileSync(join(dir, 'seen'), 'utf8')).toBe('draft');
    expect(readFileSync(join(dir, 'mode'), 'utf8').trim()).toBe('600');
    expect(existsSync(readFileSync(join(dir, 'path'), 'utf8').trim())).toBe(false);
    expect(readdirSync(work)).toEqual([]);
  });

  it('prefers $VISUAL and runs it through the shell, arguments and all (like git)', () => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-editor-test-'));
    // Becomes `printf '%s' from-visual > "<file>"`: words and a redirection survive.
    expect(editInEditor('', {env: {VISUAL: `printf '%s' from-visual >`, EDITOR: 'false'}})).toEqual({text: 'from-visual'});
  });

  it('says so when neither $VISUAL nor $EDITOR is set', () => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-editor-test-'));
    expect(editInEditor('x', {env: {}})).toEqual({error: expect.stringContaining('$VISUAL and $EDITOR are unset')});
  });

  it('an editor that fails leaves the description unchanged, and the file is still removed', () => {
    const editor = fakeEditor('exit 3');
    const outcome = editInEditor('draft', {env: {EDITOR: editor}});
    expect(outcome).toEqual({error: expect.stringContaining('exited with 3')});
    expect(existsSync(readFileSync(join(dir, 'path'), 'utf8').trim())).toBe(false);
  });
});
