import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseAllDocuments} from 'yaml';
import {ROOT} from '../helpers/cli.js';
import {requireProgram} from '../helpers/programs.js';
import {parseRedisUrl} from '../../src/redis/connection-url.js';
import {parseChecks} from '../../src/checks/loader.js';

describe('deploy/prometheus/prometheus.yml: every pair\'s series ingested once, whatever the replicas', () => {
  const config = parseAllDocuments(readFileSync(path.join(ROOT, 'deploy/prometheus/prometheus.yml'), 'utf8'))[0]!.toJS() as {
    scrape_configs: {job_name: string; metrics_path: string; static_configs: {labels?: Record<string, string>}[]; relabel_configs?: {target_label: string; replacement: string}[]}[];
  };
  it('scrapes /metrics/process per replica and /metrics/checks once, both as job="vigil" and told apart by a label', () => {
    const byPath = Object.fromEntries(config.scrape_configs.map(job => [job.metrics_path, job]));
    expect(Object.keys(byPath).sort()).toEqual(['/metrics/checks', '/metrics/process']);
    expect(byPath['/metrics/process']!.job_name).toBe('vigil');
    expect(byPath['/metrics/checks']!.relabel_configs).toContainEqual({target_label: 'job', replacement: 'vigil'});
    expect(byPath['/metrics/checks']!.static_configs[0]!.labels).toMatchObject({metrics: 'shared'});
  });
});

/* The deploy/ examples for running workers: a systemd unit that systemd accepts, and Kubernetes manifests that fit together. */

const UNIT = path.join(ROOT, 'deploy/systemd/vigil-worker.service');
const systemdAnalyze = requireProgram('systemd-analyze');

/**
 * `systemd-analyze verify` on a copy whose ExecStart names this tree's build (the unit runs
 * the package installed under /opt/vigil, absent here). Warnings count as output.
 */
function verify(text: string): {code: number | null; output: string} {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-unit-')), 'vigil-worker.service');
  writeFileSync(file, text.replace('ExecStart=/opt/vigil/bin/vigil ', `ExecStart=${process.execPath} ${path.join(ROOT, 'dist/cli.js')} `));
  const result = spawnSync(systemdAnalyze.path!, ['verify', file], {encoding: 'utf8'});
  return {code: result.status, output: `${result.stdout}${result.stderr}`};
}

/** The overall exposure `systemd-analyze security --offline=yes` gives the unit (0 best, 10 worst). */
function security(text: string): number {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-unit-')), 'vigil-worker.service');
  writeFileSync(file, text);
  const result = spawnSync(systemdAnalyze.path!, ['security', '--offline=yes', '--no-pager', file], {encoding: 'utf8'});
  const level = /Overall exposure level for vigil-worker\.service: (\d+\.\d+)/.exec(result.stdout)?.[1];
  expect(level, `${result.stdout}${result.stderr}`).toBeDefined();
  return Number(level);
}

describe.skipIf(systemdAnalyze.skipReason)('deploy/systemd/vigil-worker.service (systemd-analyze verify)', () => {
  it('verifies clean, and the same check rejects a broken copy', () => {
    const unit = readFileSync(UNIT, 'utf8');
    // What `npm install -g <tarball> --prefix /opt/vigil` puts there (test/ship/package.test.ts installs it that way).
    expect(unit).toContain('ExecStart=/opt/vigil/bin/vigil worker');
    expect(verify(unit)).toEqual({code: 0, output: ''});
    expect(verify(unit.replace('Type=simple', 'Type=sometimes')).output).toContain('Failed to parse service type');
    expect(verify(unit.replace('ExecStart=/opt/vigil/bin/vigil ', 'ExecStart=/nonexistent/vigil ')).code).not.toBe(0);
  });

  it('rates 2.0 or less in `systemd-analyze security --offline=yes`, and a copy without its sandboxing does not', () => {
    const unit = readFileSync(UNIT, 'utf8');
    expect(security(unit)).toBeLessThanOrEqual(2);
    // The same reading of a copy with the sandboxing lines cut: the score is the unit's doing.
    const start = unit.indexOf('NoNewPrivileges=yes');
    const unsandboxed = unit.slice(0, start) + unit.slice(unit.indexOf('MemoryMax='));
    expect(security(unsandboxed)).toBeGreaterThan(5);
  });

  it('drains for longer than the worker grace, and does not restart-loop on exit 3', () => {
    const unit = readFileSync(UNIT, 'utf8');
    expect(unit).toContain('--grace 30s');
    expect(unit).toContain('TimeoutStopSec=40s');
    expect(unit).toContain('RestartPreventExitStatus=3');
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/vigil\/worker\.env$/m);
    // Secrets live in the EnvironmentFile, never in the unit (world-readable) itself.
    expect(unit.split('\n').filter(line => !line.startsWith('#'))).not.toContainEqual(expect.stringMatching(/VIGIL_API_KEY|PASSWORD/));
  });
});

/** The comment lines right above the first line matching `setting`: what a reader sees where it is set. */
function commentAbove(text: string, setting: RegExp): string {
  const lines = text.split('\n');
  const at = lines.findIndex(line => setting.test(line));
  expect(at, String(setting)).toBeGreaterThan(0);
  const comments: string[] = [];
  for (let index = at - 1; index >= 0 && /^\s*#/.test(lines[index]!); index--) comments.unshift(lines[index]!);
  return comments.join('\n');
}

describe('deploy/: where the unauthenticated /metrics binds to 0.0.0.0, it says so and how to restrict it', () => {
  it('systemd: the address Prometheus scrapes, or a firewall rule letting only it in', () => {
    const comment = commentAbove(readFileSync(UNIT, 'utf8'), /^Environment=.*VIGIL_METRICS_HOST=0\.0\.0\.0/);
    expect(comment).toMatch(/without authentication/);
    expect(comment).toMatch(/VIGIL_METRICS_HOST=10\.0\.0\.5/);
    expect(comment).toMatch(/nft add rule .*dport 9464/);
  });

  it('Kubernetes: a NetworkPolicy in the kustomization admitting only Prometheus to the metrics port; the pod IP as the alternative bind', () => {
    const dir = path.join(ROOT, 'deploy/kubernetes');
    const kustomization = parseAllDocuments(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'))[0]!.toJS();
    expect(kustomization.resources).toContain('networkpolicy.yaml');
    const [policy] = parseAllDocuments(readFileSync(path.join(dir, 'networkpolicy.yaml'), 'utf8')).map(doc => doc.toJS());
    const [deployment] = parseAllDocuments(readFileSync(path.join(dir, 'deployment.yaml'), 'utf8')).map(doc => doc.toJS());
    expect(policy.kind).toBe('NetworkPolicy');
    expect(policy.spec.podSelector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(policy.spec.policyTypes).toEqual(['Ingress']);
    // One rule, from Prometheus only (an empty `from` would admit everyone), to the metrics port only.
    expect(policy.spec.ingress).toHaveLength(1);
    const [rule] = policy.spec.ingress;
    expect(rule.from).toEqual([{namespaceSelector: {matchLabels: expect.any(Object)}, podSelector: {matchLabels: {'app.kubernetes.io/name': 'prometheus'}}}]);
    expect(rule.ports).toEqual([{protocol: 'TCP', port: deployment.spec.template.spec.containers[0].ports[0].name}]);

    const comment = commentAbove(readFileSync(path.join(dir, 'deployment.yaml'), 'utf8'), /name: VIGIL_METRICS_HOST, value: 0\.0\.0\.0/);
    expect(comment).toMatch(/without\s+#?\s*authentication/);
    expect(comment).toContain('networkpolicy.yaml');
    expect(comment).toContain('fieldRef: {fieldPath: status.podIP}');
  });
});

describe('deploy/kubernetes', () => {
  const load = (name: string) => parseAllDocuments(readFileSync(path.join(ROOT, 'deploy/kubernetes', name), 'utf8')).map(doc => doc.toJS());
  const [deployment, service] = load('deployment.yaml');
  const [pdb] = load('pdb.yaml');
  const [secret] = load('secret.example.yaml');
  const container = deployment.spec.template.spec.containers[0];

  it('lets Prometheus scrape each pod\'s own metrics, and the shared ones once through a ClusterIP Service', () => {
    const [, everyPod, once] = load('deployment.yaml');
    expect(deployment.spec.template.metadata.annotations['prometheus.io/path']).toBe('/metrics/process');
    expect(everyPod.spec.clusterIP).toBe('None');
    // A ClusterIP (not headless) Service: one address, a replica per connection.
    expect(once).toMatchObject({kind: 'Service', metadata: {name: 'vigil-worker-checks'}, spec: {selector: deployment.spec.selector.matchLabels}});
    expect(once.spec.clusterIP).toBeUndefined();
    expect(once.spec.ports[0]).toMatchObject({port: 9464, targetPort: 'metrics'});
  });

  it('probes /healthz on the metrics port and exposes it to Prometheus', () => {
    expect(container.ports).toEqual([{name: 'metrics', containerPort: 9464}]);
    expect(container.readinessProbe.httpGet).toEqual({path: '/healthz', port: 'metrics'});
    expect(container.livenessProbe.httpGet).toEqual({path: '/healthz', port: 'metrics'});
    expect(container.env).toContainEqual({name: 'VIGIL_METRICS_HOST', value: '0.0.0.0'});
    expect(service.spec.ports[0]).toMatchObject({port: 9464, targetPort: 'metrics'});
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(30);
  });

  it('takes the key and the Redis URL from the Secret, in a form vigil reads', () => {
    expect(container.envFrom).toContainEqual({secretRef: {name: secret.metadata.name}});
    expect(Object.keys(secret.stringData).sort()).toEqual(['VIGIL_API_KEY', 'VIGIL_KEY_GLOBEX', 'VIGIL_REDIS_URL']);
    expect(parseRedisUrl(secret.stringData.VIGIL_REDIS_URL, 'VIGIL_REDIS_URL')).toMatchObject({topology: 'standalone'});
  });

  it('keeps a worker up through voluntary disruptions, selecting the Deployment pods', () => {
    expect(pdb.kind).toBe('PodDisruptionBudget');
    expect(pdb.spec.minAvailable).toBe(1);
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
  });

  it('mounts a checks file that vigil accepts', async () => {
    expect(container.args.slice(0, 3)).toEqual(['worker', '--checks', '/etc/vigil/checks.yaml']);
    const config = await parseChecks(readFileSync(path.join(ROOT, 'deploy/kubernetes/checks.yaml'), 'utf8'), 'checks.yaml');
    expect(config.specs.map(spec => spec.org)).toEqual(['acme']);
  });
});
