// What the demo's checks file grades against the sandbox's data, told before the worker's
// first run: the demo reads the sandbox's registry and asks each implemented check for each
// `discover:` org, with only the slug, as the worker does for a discovered check; so the
// banner cannot disagree with the worker.
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

/** The check whose loop the demo shows: a review queue that the review browser empties. */
export const BACKLOG_CHECK = 'reviewing.backlog';

/** The file's `discover:` section: the orgs, their interval and the excluded ids. */
export function readDemoChecks(file) {
  const doc = parse(readFileSync(file, 'utf8'));
  const discover = doc.discover ?? {};
  return {orgs: discover.orgs ?? [], every: discover.every ?? doc.defaults?.every ?? '5m', exclude: discover.exclude ?? []};
}

async function post(sandbox, route, body) {
  const response = await fetch(`${sandbox.url}${route}`, {
    method: 'POST',
    headers: {'x-api-key': sandbox.apiKey, 'content-type': 'application/json'},
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${route}: HTTP ${response.status}`);
  return response.json();
}

/** The implemented ids of the registry for `org` that the file does not exclude. */
async function implementedChecks(sandbox, org, exclude) {
  const body = await post(sandbox, '/healthchecks/list', {slug: org});
  const checks = Array.isArray(body) ? body : (body.checks ?? []);
  return checks.filter(check => check.implemented && !exclude.includes(check.id)).map(check => check.id);
}

/**
 * Every (org, check) pair of the file and its grade now:
 * [{org, check, severity, observed, threshold}], in the file's order of orgs, the registry's of checks.
 */
export async function gradeChecks({orgs, exclude}, sandbox) {
  const perOrg = await Promise.all(
    orgs.map(async org => {
      // An org whose registry cannot be read is left out the same way.
      const ids = await implementedChecks(sandbox, org, exclude).catch(() => []);
      return Promise.all(
        ids.map(async check => {
          // A check the sandbox cannot grade is left out of the banner, not a reason to stop.
          const result = await post(sandbox, `/healthchecks/${check.replace('.', '/')}`, {slug: org}).catch(() => undefined);
          return result && {org, check, severity: result.severity, observed: result.observed ?? {}, threshold: result.threshold ?? {}};
        }),
      );
    }),
  );
  return perOrg.flat().filter(Boolean);
}

const list = words => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? ''));

/**
 * The banner's lines, one per org: "acme      fail reviewing.backlog; warn takedowns.cancelled-count"
 * (the checks file's comment says the same, in the same form), "ok" when nothing breaches.
 */
export function gradeLines(graded) {
  const orgs = [...new Set(graded.map(pair => pair.org))];
  const width = Math.max(8, ...orgs.map(org => org.length)) + 2;
  return orgs.map(org => {
    const at = severity => graded.filter(pair => pair.org === org && pair.severity === severity).map(pair => pair.check);
    const parts = ['fail', 'warn'].filter(severity => at(severity).length > 0).map(severity => `${severity} ${at(severity).join(', ')}`);
    return `${org.padEnd(width)}${parts.length > 0 ? parts.join('; ') : 'ok'}`;
  });
}

/** "acme, initech and hooli fail a check" / "umbrella fails a check". */
export function failingSentence(graded) {
  const fails = [...new Set(graded.filter(pair => pair.severity === 'fail').map(pair => pair.org))];
  if (fails.length === 0) return undefined;
  return fails.length === 1 ? `${fails[0]} fails a check` : `${list(fails)} fail a check`;
}

/** The first org whose review backlog fails: {org, pending, warnAt, failAt}, or undefined. */
export function failingBacklog(graded) {
  const pair = graded.find(each => each.check === BACKLOG_CHECK && each.severity === 'fail');
  if (!pair) return undefined;
  return {org: pair.org, pending: pair.observed.pendingCount, warnAt: pair.threshold.warnThreshold, failAt: pair.threshold.failThreshold};
}
