// What the demo's checks file grades against the sandbox's data, told before the worker's
// first run: the demo asks the sandbox each check's healthcheck with the file's thresholds
// (the worker sends the same request), so the banner cannot disagree with the worker.
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

/** The upstream's documented defaults (SPEC.md 4.1), used where the file sets nothing. */
const DEFAULTS = {lookbackHours: 168, warnThreshold: 3, failThreshold: 10};

/** Each `checks:` entry of the file with its defaults applied. */
export function readDemoChecks(file) {
  const doc = parse(readFileSync(file, 'utf8'));
  const defaults = {...DEFAULTS, every: '5m', ...doc.defaults};
  return (doc.checks ?? []).map(entry => ({...defaults, ...entry}));
}

/** The severity the sandbox gives each check now: [{...check, severity, count}]. */
export async function gradeChecks(checks, {url, apiKey}) {
  return Promise.all(
    checks.map(async check => {
      // A check the sandbox cannot grade is left out of the banner, not a reason to stop.
      const body = await fetch(`${url}/healthchecks/${check.check.replace('.', '/')}`, {
        method: 'POST',
        headers: {'x-api-key': apiKey, 'content-type': 'application/json'},
        body: JSON.stringify({slug: check.org, lookbackHours: check.lookbackHours, warnThreshold: check.warnThreshold, failThreshold: check.failThreshold}),
      })
        .then(response => response.json())
        .catch(() => ({}));
      return {...check, severity: body.severity, count: body.observed?.cancelledCount};
    }),
  );
}

const list = words => (words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? ''));

/** The banner's lines: which orgs fail, warn and pass, and why a stricter file threshold fails one. */
export function gradeLines(graded) {
  const lines = [];
  const fails = graded.filter(check => check.severity === 'fail');
  const warns = graded.filter(check => check.severity === 'warn');
  const oks = graded.filter(check => check.severity === 'ok');
  const own = check => (check.failThreshold !== DEFAULTS.failThreshold ? `, its own failThreshold in the file` : '');
  if (fails.length > 0) lines.push(`  fail  ${fails.map(c => `${c.org} (${c.count} cancelled, fails at ${c.failThreshold}${own(c)})`).join(', ')}`);
  if (warns.length > 0) lines.push(`  warn  ${warns.map(c => `${c.org} (${c.count} cancelled, warns at ${c.warnThreshold})`).join(', ')}`);
  if (oks.length > 0) lines.push(`  ok    ${oks.map(c => `${c.org} (${c.count})`).join(', ')}`);
  return lines;
}

/** "initech and hooli fail their check" / "initech fails its check". */
export function failingSentence(graded) {
  const fails = graded.filter(check => check.severity === 'fail').map(check => check.org);
  if (fails.length === 0) return undefined;
  return fails.length === 1 ? `${fails[0]} fails its check` : `${list(fails)} fail their check`;
}

/** The first org at warn and how many more cancellations push it to fail. */
export function nextToFail(graded) {
  const check = graded.find(c => c.severity === 'warn');
  return check && {org: check.org, more: check.failThreshold - check.count, every: check.every};
}
