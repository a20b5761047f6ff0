import {execFileSync} from 'node:child_process';

/**
 * promtool and prometheus come from Debian's `prometheus` package. Locally a missing
 * binary skips these tests with a message; in CI (CI set) it is a failure.
 */
export function findBinary(name: string): string | undefined {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], {encoding: 'utf8'}).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function requireBinary(name: string): {path: string | undefined; skipReason: string | undefined} {
  const path = findBinary(name);
  if (path) return {path, skipReason: undefined};
  const ci = process.env.CI ?? process.env.VIGIL_ORIGINAL_CI;
  if (ci && ci !== '0' && ci !== 'false') {
    throw new Error(`${name} is required in CI: apt-get install -y prometheus`);
  }
  const reason = `${name} not found: install Debian's prometheus package (apt-get install -y prometheus) to run these tests`;
  console.warn(`SKIPPED: ${reason}`);
  return {path: undefined, skipReason: reason};
}
