import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {readHealthcheckResult, healthcheckResultSchema} from '../../src/api/wire/index.js';
import {findingList, findingListLine} from '../../src/healthcheck/finding-list.js';
import {NOW, startTestSandbox, type Caller} from '../sandbox/http.js';

let api: Caller;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.sandbox.close());

async function result(id: string, slug: string) {
  const reply = await api.call('POST', `healthchecks/${id.replace('.', '/')}`, {body: {slug}});
  return readHealthcheckResult(reply.body) ?? healthcheckResultSchema().parse(reply.body);
}

/** The body `vigil takedowns list` sends for the command's flags (the ones findingList uses). */
function bodyOf(command: string): Record<string, unknown> {
  const words = command.split(' ');
  const value = (flag: string) => (words.includes(flag) ? words[words.indexOf(flag) + 1] : undefined);
  const body: Record<string, unknown> = {slug: value('--org'), per_page: 100};
  if (value('--takedown-status')) body.takedownStatus = [value('--takedown-status')];
  if (value('--liveness-status')) body.livenessStatus = [value('--liveness-status')];
  if (value('--from')) body.startDate = value('--from');
  if (value('--to')) body.endDate = value('--to');
  return body;
}

describe('from a failing check to the list of its items', () => {
  it.each([
    ['takedowns.stale-in-progress', 'hooli'],
    ['takedowns.cancelled-count', 'initech'],
    ['takedowns.todo-volume', 'globex'],
  ])('%s of %s: the takedowns list it names shows exactly the takedowns its findings name', async (id, slug) => {
    const graded = await result(id, slug);
    expect(graded.severity).not.toBe('ok');
    const list = findingList(id, slug, graded, new Date(NOW));
    expect('command' in list && list.command).toMatch(new RegExp(`^vigil takedowns list --org ${slug} .* --all$`));
    const page = await api.call('POST', 'takedowns/list', {body: bodyOf((list as {command: string}).command)});
    const listed = page.body.takedowns.map((t: {id: number}) => String(t.id)).sort();
    const refs = graded.findings.map(f => f.ref);
    // Findings list at most 10; the list holds every one of them, and no more than the count.
    expect(listed).toEqual(expect.arrayContaining(refs));
    if (refs.length < 10) expect(listed).toEqual([...refs].sort());
  });

  it("assets.dead-asset-spike of initech: the list shows as many DEAD assets as the check counted", async () => {
    const graded = await result('assets.dead-asset-spike', 'initech');
    const list = findingList('assets.dead-asset-spike', 'initech', graded, new Date(NOW)) as {command: string};
    const page = await api.call('POST', 'takedowns/list', {body: bodyOf(list.command)});
    expect(page.body.takedowns).toHaveLength(graded.observed.deadLast24h as number);
  });

  it('detections.silent-configs of globex: the configs list it names holds every config its findings name', async () => {
    const graded = await result('detections.silent-configs', 'globex');
    expect(graded.severity).not.toBe('ok');
    const list = findingList('detections.silent-configs', 'globex', graded, new Date(NOW));
    expect(list).toEqual({command: 'vigil detections configs list --org globex', target: {kind: 'detection-configs', org: 'globex'}});
    const page = await api.call('POST', 'detection/configs/list', {body: {slug: 'globex'}});
    const titles = page.body.sources.flatMap((s: {configs: Array<{title: string}>}) => s.configs.map(c => c.title));
    expect(graded.findings.length).toBeGreaterThan(0);
    expect(titles).toEqual(expect.arrayContaining(graded.findings.map(f => f.ref)));
  });

  it('reviewing points at the review queue, detections at the configs; settings say why there is no list', () => {
    const any = {severity: 'fail', observed: {}, generatedAt: new Date(NOW).toISOString()} as never;
    expect(findingList('reviewing.backlog', 'acme', any, new Date(NOW))).toEqual({command: 'vigil reports list --org acme --needs-customer-review', target: {kind: 'review-queue', org: 'acme'}});
    expect(findingListLine('takedowns.automation-off', 'acme', any, new Date(NOW))).toMatch(/^list them: none \(an organization setting/);
    expect(findingListLine('detections.silent-configs', 'acme', any, new Date(NOW))).toBe('list them: vigil detections configs list --org acme');
    expect(findingListLine('blocklisting.feed-freshness', 'acme', any, new Date(NOW))).toMatch(/no documented list/);
    // An org slug from the config is quoted for the shell.
    expect(findingList('takedowns.todo-volume', "a'b", any, new Date(NOW))).toMatchObject({command: "vigil takedowns list --org 'a'\\''b' --takedown-status TODO --all"});
  });
});
