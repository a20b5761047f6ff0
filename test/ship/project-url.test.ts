import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {DEFAULT_RUNBOOKS} from '../../src/board/detail.js';
import {ROOT} from '../helpers/cli.js';

/* One project URL: package.json's homepage, wherever a file links the project (the unit, the image's labels, the board, the alerts). */

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {homepage: string; repository: {url: string}; bugs: {url: string}};
const project = pkg.homepage.replace(/#readme$/, '');

describe('the project URL', () => {
  it("is package.json's homepage, repository and bugs alike", () => {
    expect(project).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect(pkg.repository.url).toBe(`git+${project}.git`);
    expect(pkg.bugs.url).toBe(`${project}/issues`);
  });

  it("is the one the systemd unit's Documentation=, the image's source label, the board's and the alerts' runbooks link", () => {
    expect(read('deploy/systemd/vigil-worker.service')).toMatch(new RegExp(`^Documentation=${project}/blob/main/docs/`, 'm'));
    expect(read('Containerfile')).toContain(`ARG VIGIL_SOURCE=${project}\n`);
    expect(DEFAULT_RUNBOOKS).toBe(`${project}/blob/main/docs/runbooks.md`);
    // Every github.com link in deploy/ and the board names this project, no other.
    for (const file of ['deploy/systemd/vigil-worker.service', 'deploy/prometheus/alerts.yml', 'deploy/grafana/dashboard.json', 'src/board/detail.ts', 'Containerfile']) {
      const links = read(file).match(/https:\/\/github\.com\/[\w.-]+\/[\w.-]+/g) ?? [];
      expect(links.filter(link => link !== project), file).toEqual([]);
    }
  });
});
