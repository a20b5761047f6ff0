import {describe, expect, it} from 'vitest';
import {InputError} from '../../src/errors.js';
import {thrownBy} from '../helpers/thrown.js';
import {resolveOutputFormat} from '../../src/output/format.js';
import {colorEnabled, painter} from '../../src/output/color.js';

const tty = {stdoutIsTTY: true};
const pipe = {stdoutIsTTY: false};

describe('resolveOutputFormat', () => {
  it('defaults to a table on a terminal and TSV when piped', () => {
    expect(resolveOutputFormat({}, tty)).toBe('table');
    expect(resolveOutputFormat({}, pipe)).toBe('tsv');
  });

  it('takes --json and --output in any case, on a terminal or not', () => {
    expect(resolveOutputFormat({json: true}, tty)).toBe('json');
    expect(resolveOutputFormat({output: 'Markdown'}, pipe)).toBe('markdown');
    expect(resolveOutputFormat({output: 'table'}, pipe)).toBe('table');
    expect(resolveOutputFormat({output: 'tsv'}, tty)).toBe('tsv');
  });

  it('refuses --json together with --output, naming both', () => {
    const error = thrownBy(() => resolveOutputFormat({json: true, output: 'json'}, tty));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toContain('--json');
    expect(error.message).toContain('--output');
  });

  it('names the allowed formats for an unknown --output', () => {
    const error = thrownBy(() => resolveOutputFormat({output: 'yaml'}, tty));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toMatch(/--output: must be one of table, tsv, markdown, csv, json \(got "yaml"\)/);
  });
});

describe('colorEnabled', () => {
  const io = (stdoutIsTTY: boolean, env: NodeJS.ProcessEnv) => ({stdoutIsTTY, env, stdout: {write: () => true}});

  it('colours a terminal and not a pipe', () => {
    expect(colorEnabled(io(true, {}))).toBe(true);
    expect(colorEnabled(io(false, {}))).toBe(false);
  });

  it('honours NO_COLOR and TERM=dumb on a terminal; an empty NO_COLOR does not count', () => {
    expect(colorEnabled(io(true, {NO_COLOR: '1'}))).toBe(false);
    expect(colorEnabled(io(true, {TERM: 'dumb'}))).toBe(false);
    expect(colorEnabled(io(true, {NO_COLOR: ''}))).toBe(true);
  });

  it('lets FORCE_COLOR switch colour on for a pipe and off for a terminal', () => {
    expect(colorEnabled(io(false, {FORCE_COLOR: '1'}))).toBe(true);
    expect(colorEnabled(io(false, {FORCE_COLOR: ''}))).toBe(true);
    expect(colorEnabled(io(true, {FORCE_COLOR: '0'}))).toBe(false);
    expect(colorEnabled(io(true, {FORCE_COLOR: 'false'}))).toBe(false);
    expect(colorEnabled(io(false, {FORCE_COLOR: '1', NO_COLOR: '1'}))).toBe(true);
  });

  it('paints with SGR codes only when enabled', () => {
    expect(painter(true)('red', 'x')).toBe('\u001b[31mx\u001b[39m');
    expect(painter(false)('red', 'x')).toBe('x');
  });

  it('leaves empty text and text without a style bare, even when enabled', () => {
    expect(painter(true)('red', '')).toBe('');
    expect(painter(true)(undefined, 'x')).toBe('x');
  });

  it('decides for stderr by whether stderr is a terminal, not stdout', () => {
    const streams = (stdoutIsTTY: boolean, stderrIsTTY: boolean | undefined) => ({stdoutIsTTY, env: {}, stdout: {write: () => true}, stderr: {write: () => true, isTTY: stderrIsTTY}});
    expect(colorEnabled(streams(true, false), 'stderr')).toBe(false);
    expect(colorEnabled(streams(false, true), 'stderr')).toBe(true);
    expect(colorEnabled(streams(true, undefined), 'stderr')).toBe(false);
    expect(colorEnabled({stdoutIsTTY: true, env: {}, stdout: {write: () => true}}, 'stderr')).toBe(false);
    expect(colorEnabled(streams(false, true), 'stdout')).toBe(false);
  });
});
