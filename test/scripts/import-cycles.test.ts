import {describe, expect, it} from 'vitest';
import {fileTree as repo} from '../helpers/file-tree.js';
// @ts-expect-error: a plain .mjs script, no types
import {importCycles} from '../../scripts/lint/import-cycles.mjs';


describe('lint: import circles in src/api', () => {
  it('accepts a one-way graph, imports leaving the folder included', () => {
    const root = repo({
      'src/api/client.ts': "import {createTransport} from './transport.js';\nimport {x} from '../errors.js';\n",
      'src/api/transport.ts': "import type {T} from './exchange.js';\nconst m = () => import('./got-transport.js');\n",
      'src/api/got-transport.ts': "import type {T} from './exchange.js';\nimport {F} from './failures.js';\n",
      'src/api/exchange.ts': 'export type T = 1;\n',
      'src/api/failures.ts': "import {y} from '../secrets.js';\n",
      'src/errors.ts': "import {c} from './api/client.js';\n",
    });
    expect(importCycles(root, 'src/api')).toEqual([]);
  });

  it('names a circle closed by a dynamic import and one closed by a type-only import, each once', () => {
    const root = repo({
      'src/api/http.ts': "const m = () => import('./got-transport.js');\n",
      'src/api/got-transport.ts': "import got from 'got';\nimport {NetworkFailure} from './http.js';\n",
      'src/api/answers.ts': "\nimport type {Endpoint} from './client.js';\n",
      'src/api/client.ts': "import {explain} from './answers.js';\n",
      'src/api/wire/index.ts': "export * from './a.js';\n",
      'src/api/wire/a.ts': "import {b} from '../wire/index.js';\n",
    });
    expect(importCycles(root, 'src/api')).toEqual([
      'src/api/answers.ts:2: import circle src/api/answers.ts -> src/api/client.ts -> src/api/answers.ts',
      'src/api/got-transport.ts:2: import circle src/api/got-transport.ts -> src/api/http.ts -> src/api/got-transport.ts',
      'src/api/wire/a.ts:1: import circle src/api/wire/a.ts -> src/api/wire/index.ts -> src/api/wire/a.ts',
    ]);
  });
});
