import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {findJsonError} from '../../../../src/cmd/reports/create/json-position.js';
import {loadPayloadFile} from '../../../../src/cmd/reports/create/payload-file.js';
import {Problems} from '../../../../src/cli/problems.js';
import {runReportsCreate} from '../../../../src/cmd/reports/create/create.js';
import {fakeContext} from '../../../helpers/fake-context.js';

const dir = mkdtempSync(path.join(tmpdir(), 'vigil-payload-'));
const file = (text: string) => {
  const name = path.join(dir, `p-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(name, text);
  return name;
};

describe('--payload-file that is not JSON', () => {
  it('names the line and column, never the content (which may hold a key)', async () => {
    const secret = 'vk_live_payload_0123456789abcdef';
    const name = file(`{\n  "title": "t",\n  "apiKey": "${secret}" oops\n}`);
    const problems = new Problems();
    expect(await loadPayloadFile(name, problems)).toBeUndefined();
    expect(problems.list).toEqual([{field: '--payload-file', message: `${name} is not valid JSON: line 3, column 48: expected ',' or '}'`}]);
    expect(JSON.stringify(problems.list)).not.toContain(secret.slice(0, 12));
  });
});

describe('findJsonError', () => {
  it('is undefined for valid JSON of every kind', () => {
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\n\\u00e9"]} ', '"s"', '0']) expect(findJsonError(text), text).toBeUndefined();
  });

  it('finds the first error with a reason in words', () => {
    expect(findJsonError('{"a": 1,}')).toEqual({line: 1, column: 9, reason: 'expected a property name in double quotes'});
    expect(findJsonError("{'a': 1}")).toEqual({line: 1, column: 2, reason: 'expected a property name in double quotes'});
    expect(findJsonError('{"a" 1}')).toEqual({line: 1, column: 6, reason: "expected ':' after a property name"});
    expect(findJsonError('[1 2]')).toEqual({line: 1, column: 4, reason: "expected ',' or ']'"});
    expect(findJsonError('{"a": 1')).toEqual({line: 1, column: 8, reason: 'the file ends in the middle of a value'});
    expect(findJsonError('{"a": "x\ny"}')).toEqual({line: 1, column: 9, reason: 'control character or line break inside a string'});
    expect(findJsonError('{"a": "\\q"}')).toEqual({line: 1, column: 9, reason: 'bad escape sequence in a string'});
    expect(findJsonError('{"a": tru}')).toEqual({line: 1, column: 7, reason: 'unexpected character (strings need double quotes)'});
    expect(findJsonError('{"a": +1}')).toEqual({line: 1, column: 7, reason: 'expected a value'});
    expect(findJsonError('{}\n}')).toEqual({line: 2, column: 1, reason: 'unexpected text after the JSON value'});
    expect(findJsonError('"abc')).toEqual({line: 1, column: 5, reason: 'the file ends in the middle of a value'});
    expect(findJsonError('-')).toEqual({line: 1, column: 1, reason: 'unexpected character'});
  });

  it('agrees with JSON.parse on what is valid', () => {
    for (const text of ['{"a":1}', '{"a":01}', '[1,]', '{"a":"\\u12"}', 'nul', '1.', '.5', '{"a":1}x']) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(findJsonError(text) === undefined, text).toBe(valid);
    }
  });
});

describe('__proto__ in a payload file', () => {
  it('is reported as dropped, not "sent as is", and the body indeed lacks it', async () => {
    const name = file('{"title":"Fake wallet","description":"Drainer","__proto__":{"x":1},"extra":1,"assets":[{"content":"a.example","__proto__":{"y":2}}]}');
    const ctx = fakeContext({org: 'acme', tty: false, orgSource: 'env'});
    await runReportsCreate({payloadFile: name, dryRun: true}, ctx);
    expect(ctx.io.err()).toContain('warning: --payload-file: field not in the documented contract, sent as is: extra\n');
    expect(ctx.io.err()).toContain('warning: --payload-file: fields named __proto__ dropped, not sent: __proto__, assets[0].__proto__\n');
    expect(ctx.io.out()).not.toContain('__proto__');
  });
});
