import {describe, expect, it} from 'vitest';
import {editLine, lineOf, splitKeys} from '../../../src/ui/hooks/line-edit.js';

describe('line editing', () => {
  it('inserts at the cursor, moves it, deletes before it, clears with ctrl+u', () => {
    let line = lineOf('wallt');
    line = editLine(line, '', {leftArrow: true});
    line = editLine(line, 'e', {});
    expect(line).toEqual({value: 'wallet', cursor: 5});
    line = editLine(editLine(line, '', {end: true}), '', {backspace: true});
    expect(line).toEqual({value: 'walle', cursor: 5});
    line = editLine(editLine(line, '', {home: true}), '', {backspace: true});
    expect(line.value).toBe('walle');
    line = editLine(editLine(line, '', {rightArrow: true}), 'u', {ctrl: true});
    expect(line).toEqual({value: 'alle', cursor: 0});
  });

  it('keeps a paste on one line and counts wide characters as one', () => {
    expect(editLine(lineOf(''), 'a\tb\u001b[2Jc', {})).toEqual({value: 'a b [2Jc', cursor: 8});
    expect(editLine(lineOf('日本'), '語', {})).toEqual({value: '日本語', cursor: 3});
    expect(editLine(lineOf('x'), '', {escape: true})).toEqual(lineOf('x'));
  });

  it('splits a chunk into the keys that were pressed', () => {
    expect(splitKeys('ab\rcd\r\n', {})).toEqual([
      {input: 'ab', key: {}},
      {input: '\r', key: {return: true}},
      {input: 'cd', key: {}},
      {input: '\r', key: {return: true}},
    ]);
    expect(splitKeys('\u007f\u007fx', {})).toEqual([
      {input: '', key: {backspace: true}},
      {input: '', key: {backspace: true}},
      {input: 'x', key: {}},
    ]);
    expect(splitKeys('plain', {})).toEqual([{input: 'plain', key: {}}]);
    expect(splitKeys('c', {ctrl: true})).toEqual([{input: 'c', key: {ctrl: true}}]);
  });
});
