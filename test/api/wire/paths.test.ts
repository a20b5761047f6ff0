import {readFileSync} from 'node:fs';
import {describe, expect, it, vi} from 'vitest';
import {thrownBy} from '../../helpers/thrown.js';

/*
 * The module is loaded inside each test, not at the top: its constants are built when it is
 * loaded, and a change to them is only checked by a test that loads it (Stryker credits the
 * code that runs at import to the test that imports it).
 */
async function load() {
  vi.resetModules();
  return import('../../../src/api/wire/paths.js');
}

describe('upstream paths', () => {
  it('posts a review to the documented template, the proposal id escaped', async () => {
    const {PROPOSAL_REVIEW_PATH, proposalReviewPath} = await load();
    expect(PROPOSAL_REVIEW_PATH).toBe('organization/proposals/{proposalId}/review');
    expect(proposalReviewPath('555')).toBe('organization/proposals/555/review');
    expect(proposalReviewPath('../a b?c')).toBe('organization/proposals/..%2Fa%20b%3Fc/review');
  });

  it('names every path vigil calls relative to /api/v2, templates as documented', async () => {
    const {PATHS, PROPOSAL_REVIEW_PATH, HEALTHCHECK_LIST_PATH} = await load();
    // Derived, not a second list to keep: each path as docs/contract.md spells it after the method.
    const contract = readFileSync(new URL('../../../docs/contract.md', import.meta.url), 'utf8');
    const documented = new Set([...contract.matchAll(/`(?:GET|POST) \/([^`?\s]+)/g)].map(match => match[1]));
    expect(Object.values(PATHS).filter(path => !documented.has(path)), 'PATHS not documented as `GET /path` or `POST /path` in docs/contract.md').toEqual([]);
    expect(Object.values(PATHS)).toEqual(expect.arrayContaining(['report/create', 'organization/reports', 'reports/search', 'organization/proposals/{proposalId}/review', 'healthchecks/list']));
    expect([PROPOSAL_REVIEW_PATH, HEALTHCHECK_LIST_PATH]).toEqual([PATHS.reviewProposal, PATHS.listHealthchecks]);
  });
});

describe('a healthcheck id (<group>.<name>)', () => {
  it('lives at healthchecks/<group>/<name>', async () => {
    const {healthcheckPath} = await load();
    expect(healthcheckPath('takedowns.cancelled-count')).toBe('healthchecks/takedowns/cancelled-count');
    expect(healthcheckPath('a.b2-c')).toBe('healthchecks/a/b2-c');
  });

  it.each([
    ['without a dot', 'takedowns'],
    ['with three parts', 'takedowns.cancelled.count'],
    ['with a bad group', 'Takedowns.count'],
    ['with a bad name only', 'takedowns.Count'],
    ['with a name that starts with a digit', 'takedowns.1count'],
    ['with a name that starts with a dash', 'takedowns.-count'],
    ['with a name that ends in a character not allowed', 'takedowns.count_'],
    ['with a path in its name', 'takedowns.count/../x'],
    ['with an empty name', 'takedowns.'],
  ])('is refused %s, quoting the id', async (_name, id) => {
    const {healthcheckPath} = await load();
    expect(thrownBy(() => healthcheckPath(id)).message).toBe(`not a healthcheck id: ${id}`);
  });
});
