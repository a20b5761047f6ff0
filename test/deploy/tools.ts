import {execFileSync} from 'node:child_process';

/**
 * promtool and prometheus come from Debian's `prometheus` package, amtool and the server
 * from `prometheus-alertmanager` (whose server binary is `prometheus-alertmanager`; the
 * upstream tarball names it `alertmanager`). Locally a missing binary skips these tests
 * with a message; in CI (CI set) it is a failure.
 */
export function findBinary(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], {encoding: 'utf8'}).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The first of `names` on PATH; `debianPackage` is what to install when none is. */
export function requireBinary(names: string | string[], debianPackage = 'prometheus'): {path: string | undefined; skipReason: string | undefined} {
  const candidates = typeof names === 'string' ? [names] : names;
  for (const name of candidates) {
    const path = findBinary(name);
    if (path) return {path, skipReason: undefined};
  }
  const name = candidates.join(' or ');
  const ci = process.env.CI ?? process.env.VIGIL_ORIGINAL_CI;
  if (ci && ci !== '0' && ci !== 'false') {
    throw new Error(`${name} is required in CI: apt-get install -y ${debianPackage}`);
  }
  const reason = `${name} not found: install Debian's ${debianPackage} package (apt-get install -y ${debianPackage}) to run these tests`;
  console.warn(`SKIPPED: ${reason}`);
  return {path: undefined, skipReason: reason};
}
