import {describe, expect, it} from 'vitest';
import {fileTree as repo} from '../helpers/file-tree.js';
// @ts-expect-error: a plain .mjs script, no types
import {danglingDocRefs, slugify} from '../../scripts/lint/doc-refs.mjs';

const CONTRACT = '# The contract\n\n## Errors\n\n```\n## not a heading\n```\n\n## Rate limits and retries\n\n## `--debug` lines\n';

describe('lint: documents and sections a file cites', () => {
  it('accepts citations of existing documents and sections', () => {
    const root = repo({
      'docs/contract.md': CONTRACT + '\nSee [errors](#errors) and [limits](contract.md#rate-limits-and-retries).\n',
      'docs/other.md': 'Read [the contract](contract.md#--debug-lines), [the api](https://x.example/a.md#b).\n',
      'src/a.ts': "// docs/contract.md#errors\nimport {x} from '../shared/queue.js';\n",
      'README.md': '[c](docs/contract.md#errors)\n',
    });
    expect(danglingDocRefs(root)).toEqual([]);
  });

  it('names file and line of a missing section, a missing document and a link inside docs/', () => {
    const root = repo({
      'docs/contract.md': CONTRACT + '\n[x](#not-a-heading)\n',
      'src/api/a.ts': '\n\n/** docs/contract.md#rate-limits (renamed) */\n',
      'test/b.test.ts': "it('docs/gone.md', () => {});\n",
      'README.md': 'intro\n[c](docs/contract.md#error)\n',
    });
    expect(danglingDocRefs(root)).toEqual([
      'src/api/a.ts:3: docs/contract.md#rate-limits: no section #rate-limits in docs/contract.md',
      'test/b.test.ts:1: docs/gone.md does not exist',
      'docs/contract.md:13: #not-a-heading: no section #not-a-heading in docs/contract.md',
      'README.md:2: docs/contract.md#error: no section #error in docs/contract.md',
    ].sort((a, b) => order(a) - order(b)));
  });

  it('refuses the upstream documents and folders outside the repository', () => {
    const spec = ['SPEC', 'md'].join('.');
    const contract = ['CONTRACT', 'md'].join('.');
    const outside = ['..', '..', 'shared'].join('/');
    const root = repo({
      'src/a.ts': `// ${spec} 4.1\n// ${contract} "Errors"\n// SPEC 2.4\n// the spec says\n`,
      'docs/x.md': `see ${outside}/notes\n`,
    });
    expect(danglingDocRefs(root)).toEqual([
      'src/a.ts:1: cites an upstream document outside the repository; cite docs/contract.md#<section>',
      'src/a.ts:2: cites an upstream document outside the repository; cite docs/contract.md#<section>',
      'src/a.ts:3: cites an upstream document outside the repository; cite docs/contract.md#<section>',
      `docs/x.md:1: ${outside} points outside the repository`,
    ].sort((a, b) => order(a) - order(b)));
  });

  it('makes anchors as GitHub does', () => {
    expect(slugify('The `--debug` lines: why?')).toBe('the---debug-lines-why');
    expect(slugify('POST /report/create')).toBe('post-reportcreate');
  });
});

/** Files are read root by root (src, jobs, test, docs, README.md, ...), lines in order. */
function order(problem: string): number {
  const roots = ['src', 'jobs', 'test', 'docs', 'README.md'];
  const file = problem.split(':')[0]!;
  return roots.findIndex((r) => file === r || file.startsWith(`${r}/`)) * 1000 + Number(problem.split(':')[1]);
}
