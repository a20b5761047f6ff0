import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {waitingLine} from '../../src/output/waiting-line.js';

/*
 * The waiting line of a slow call on a terminal: nothing for the first two seconds, then one
 * line naming the host and the attempt, rewritten in place as attempts change, erased when
 * the call (or the last of overlapping calls) ends.
 */

const ERASE = '\r\u001b[2K';
let written: string[];
const stderr = {write: (chunk: string) => written.push(chunk), isTTY: true};
const at = (attempt: number, attempts = 4, host = 'app.example') => ({host, attempt, attempts});

beforeEach(() => {
  written = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('waitingLine', () => {
  it('says nothing for a call that ends within two seconds', () => {
    const line = waitingLine(stderr);
    line(at(1));
    vi.advanceTimersByTime(1_999);
    line(undefined);
    vi.advanceTimersByTime(10_000);
    expect(written).toEqual([]);
  });

  it('after two seconds names the host and the attempt, rewrites it per attempt, and erases it at the end', () => {
    const line = waitingLine(stderr);
    line(at(1));
    vi.advanceTimersByTime(2_000);
    expect(written).toEqual([`${ERASE}waiting for app.example (attempt 1 of 4)…`]);
    line(at(2));
    expect(written.at(-1)).toBe(`${ERASE}waiting for app.example (attempt 2 of 4)…`);
    line(undefined);
    expect(written.at(-1)).toBe(ERASE);
    expect(written).toHaveLength(3);
  });

  it('a retry before the line appears is what it shows', () => {
    const line = waitingLine(stderr);
    line(at(1));
    vi.advanceTimersByTime(1_000);
    line(at(2));
    vi.advanceTimersByTime(1_000);
    expect(written).toEqual([`${ERASE}waiting for app.example (attempt 2 of 4)…`]);
  });

  it('stays while an overlapping call still waits, and the next call waits two seconds again', () => {
    const line = waitingLine(stderr);
    line(at(1));
    line(at(1));
    vi.advanceTimersByTime(2_000);
    line(undefined);
    expect(written).toHaveLength(1);
    line(undefined);
    expect(written.at(-1)).toBe(ERASE);
    line(at(1));
    vi.advanceTimersByTime(1_500);
    expect(written).toHaveLength(2);
    vi.advanceTimersByTime(500);
    expect(written).toHaveLength(3);
  });

  it('strips terminal control sequences from the host', () => {
    const line = waitingLine(stderr);
    line(at(1, 4, 'evil\u001b]8;;x\u0007.example'));
    vi.advanceTimersByTime(2_000);
    expect(written[0]).not.toMatch(/\u001b\]|\u0007/);
  });
});
