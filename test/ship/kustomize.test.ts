import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse, parseAllDocuments, stringify} from 'yaml';
import {prometheusRule, RULE_FILE, shippedGroups} from '../../scripts/prometheus-rule.mjs';
import {parseChecks} from '../../src/checks/loader.js';
import {parseRedisUrl} from '../../src/redis/connection-url.js';
import {ROOT} from '../helpers/cli.js';
import {requireProgram} from '../helpers/programs.js';
import {DIR, editedCopy, find, kubectl, render, renderWithOperator, schemaProblem, type K8sObject} from './kustomize.js';

/* `kubectl kustomize deploy/kubernetes`, alone and with the Prometheus operator's component: valid objects, one namespace, the settings the README names. */

const promtool = requireProgram('promtool');
const BUILT_IN = /^(v1|apps\/v1|policy\/v1|networking\.k8s\.io\/v1|rbac\.authorization\.k8s\.io\/v1)$/;

describe.skipIf(kubectl.skipReason)('deploy/kubernetes, rendered by kubectl kustomize', () => {
  const base = render();
  const withOperator = renderWithOperator();

  it('validates every object against the Kubernetes and prometheus-operator schemas, and the check can fail', async () => {
    for (const object of [...base, ...withOperator]) expect(await schemaProblem(object)).toBeUndefined();
    const deployment = structuredClone(find(base, 'Deployment', 'vigil-worker')[0]!);
    deployment.spec.template.spec.containers[0].ports[0].containerPort = 'metrics';
    expect(await schemaProblem(deployment)).toMatch(/containerPort must be integer/);
    const monitor = structuredClone(find(withOperator, 'ServiceMonitor')[0]!);
    monitor.spec.endpoints[0].interval = 'every 30 seconds';
    expect(await schemaProblem(monitor)).toMatch(/interval must match pattern/);
  });

  it('applies without the operator: the base holds built-in kinds only, the component adds its CRDs', () => {
    expect(base.filter(object => !BUILT_IN.test(object.apiVersion)).map(object => object.kind)).toEqual([]);
    const added = withOperator.filter(object => object.apiVersion === 'monitoring.coreos.com/v1').map(object => `${object.kind}/${object.metadata.name}`);
    expect(added.sort()).toEqual(['PrometheusRule/vigil', 'ServiceMonitor/vigil-worker-checks', 'ServiceMonitor/vigil-worker-process']);
  });

  it('puts everything in one namespace it creates', () => {
    const [namespace] = find(base, 'Namespace');
    expect(namespace!.metadata.name).toBe('vigil');
    for (const object of withOperator.filter(object => object.kind !== 'Namespace')) expect(object.metadata.namespace, `${object.kind}/${object.metadata.name}`).toBe('vigil');
  });

  it('reads the base URL from the settings ConfigMap, and the checks file from one mounted without a hash', () => {
    const deployment = find(base, 'Deployment', 'vigil-worker')[0]!;
    const container = deployment.spec.template.spec.containers[0];
    expect(container.env.map((entry: {name: string}) => entry.name)).not.toContain('VIGIL_BASE_URL');
    const settingsName = container.envFrom.find((entry: {configMapRef?: {name: string}}) => entry.configMapRef).configMapRef.name;
    // The generated name (with its hash): an edit of the setting rolls the pods.
    const settings = find(base, 'ConfigMap').find(map => map.metadata.name === settingsName)!;
    expect(settingsName).toMatch(/^vigil-settings-\w+$/);
    expect(settings.data).toEqual({VIGIL_BASE_URL: 'https://app.example/api/v2'});
    const checks = deployment.spec.template.spec.volumes.find((volume: {name: string}) => volume.name === 'checks').configMap.name;
    expect(checks).toBe('vigil-checks');
    expect(find(base, 'ConfigMap', 'vigil-checks')[0]!.data['checks.yaml']).toBe(readFileSync(path.join(DIR, 'checks.yaml'), 'utf8'));
  });

  it("the NetworkPolicy's Prometheus is kustomization.yaml's setting: changed there, changed in what is applied", () => {
    const policy = (objects: K8sObject[]) => find(objects, 'NetworkPolicy', 'vigil-worker-metrics')[0]!.spec.ingress[0].from[0];
    expect(policy(base)).toEqual({namespaceSelector: {matchLabels: {'kubernetes.io/metadata.name': 'monitoring'}}, podSelector: {matchLabels: {'app.kubernetes.io/name': 'prometheus'}}});
    const moved = render(editedCopy(text => text.replace('value: {kubernetes.io/metadata.name: monitoring}', 'value: {kubernetes.io/metadata.name: observability}').replace('value: {app.kubernetes.io/name: prometheus}', 'value: {app: prometheus-server}')));
    expect(policy(moved)).toEqual({namespaceSelector: {matchLabels: {'kubernetes.io/metadata.name': 'observability'}}, podSelector: {matchLabels: {app: 'prometheus-server'}}});
  });

  it('runs an example Redis with persistence and noeviction that only the workers reach, named by the Secret\'s URL', () => {
    const [redis] = find(base, 'StatefulSet', 'vigil-redis');
    expect(redis!.spec.volumeClaimTemplates[0].spec.resources.requests.storage).toMatch(/Gi$/);
    expect(redis!.spec.template.spec.containers[0].volumeMounts).toContainEqual({name: 'data', mountPath: '/data'});
    const conf = find(base, 'ConfigMap', 'vigil-redis')[0]!.data['redis.conf'] as string;
    expect(conf).toMatch(/^maxmemory-policy noeviction$/m);
    expect(conf).toMatch(/^appendonly yes$/m);
    expect(conf).toMatch(/^dir \/data$/m);
    const [service] = find(base, 'Service', 'vigil-redis');
    const secrets = parseAllDocuments(readFileSync(path.join(DIR, 'secret.example.yaml'), 'utf8')).map(doc => doc.toJS() as K8sObject);
    const worker = secrets.find(secret => secret.metadata.name === 'vigil-worker')!;
    expect(Object.keys(worker.stringData).sort()).toEqual(['VIGIL_API_KEY', 'VIGIL_KEY_GLOBEX', 'VIGIL_REDIS_URL']);
    // Redis reads its password from the other example Secret.
    const password = redis!.spec.template.spec.containers[0].env.find((entry: {name: string}) => entry.name === 'REDIS_PASSWORD').valueFrom.secretKeyRef;
    expect(secrets.find(secret => secret.metadata.name === password.name)!.stringData).toHaveProperty(password.key);
    const target = parseRedisUrl(worker.stringData.VIGIL_REDIS_URL, 'VIGIL_REDIS_URL');
    expect(target).toMatchObject({topology: 'standalone'});
    expect(target.nodes).toEqual([{host: service!.metadata.name, port: service!.spec.ports[0].port}]);
    const [policy] = find(base, 'NetworkPolicy', 'vigil-redis');
    expect(policy!.spec.ingress[0].from).toEqual([{podSelector: {matchLabels: find(base, 'Deployment', 'vigil-worker')[0]!.spec.selector.matchLabels}}]);
  });

  it('the README and secret.example.yaml create the Secret with the same Redis URL form', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const example = readFileSync(path.join(DIR, 'secret.example.yaml'), 'utf8');
    const form = /--from-literal=VIGIL_REDIS_URL="(redis[^"]+)"/;
    expect(form.exec(readme)?.[1]).toBe('redis://:$REDIS_PASSWORD@vigil-redis:6379');
    expect(form.exec(example)?.[1]).toBe(form.exec(readme)?.[1]);
  });

  it('ships a placeholder checks file marked as one, and a production discover: example, both valid', async () => {
    const placeholder = readFileSync(path.join(DIR, 'checks.yaml'), 'utf8');
    expect(placeholder).toMatch(/^# REPLACE THIS FILE before the first apply/);
    expect((await parseChecks(placeholder, 'checks.yaml')).specs.map(spec => spec.org)).toEqual(['acme']);
    const production = readFileSync(path.join(DIR, 'checks.discover.example.yaml'), 'utf8');
    expect(parse(production).discover.orgs.length).toBeGreaterThan(1);
    await parseChecks(production, 'checks.discover.example.yaml');
    // Its commented keys: example, uncommented, is valid and names the org key the example Secret holds.
    const keyed = await parseChecks(production.replace(/^# keys:\n#   - orgs: \[another-org\]\n#     key: /m, 'keys:\n  - orgs: [another-org]\n    key: '), 'checks.discover.example.yaml');
    expect(keyed.keys).toEqual({'another-org': {env: 'VIGIL_KEY_GLOBEX'}});
  });

  it('scrapes /metrics/process on every pod and /metrics/checks once, both as job="vigil"', () => {
    const monitor = (name: string) => find(withOperator, 'ServiceMonitor', name)[0]!;
    const selects = (name: string) => find(withOperator, 'Service').filter(service => Object.entries(monitor(name).spec.selector.matchLabels).every(([key, value]) => service.metadata.labels?.[key] === value)).map(service => service.metadata.name);
    expect(selects('vigil-worker-process')).toEqual(['vigil-worker-metrics']);
    expect(selects('vigil-worker-checks')).toEqual(['vigil-worker-checks']);
    expect(monitor('vigil-worker-process').spec.endpoints[0]).toMatchObject({port: 'metrics', path: '/metrics/process', relabelings: [{targetLabel: 'job', replacement: 'vigil'}]});
    const checks = monitor('vigil-worker-checks').spec.endpoints[0];
    expect(checks).toMatchObject({port: 'metrics', path: '/metrics/checks'});
    // Every pod's target becomes the Service's address with no pod label: one target.
    expect(checks.relabelings[0]).toMatchObject({targetLabel: '__address__', replacement: '$1.$2.svc:9464'});
    expect(checks.relabelings).toContainEqual({action: 'labeldrop', regex: 'pod|container'});
    expect(checks.relabelings).toContainEqual({targetLabel: 'metrics', replacement: 'shared'});
  });

  it("holds deploy/prometheus's rules in the PrometheusRule, generated from them", () => {
    expect(readFileSync(RULE_FILE, 'utf8'), 'run `npm run prometheus-rule` and commit the file').toBe(prometheusRule());
    const [rule] = find(withOperator, 'PrometheusRule', 'vigil');
    expect(rule!.spec.groups).toEqual(shippedGroups());
    expect(shippedGroups().flatMap(group => group.rules).length).toBeGreaterThanOrEqual(10);
  });

  it.skipIf(promtool.skipReason)("passes promtool's check and the shipped rule tests, read from the PrometheusRule", () => {
    const [rule] = find(withOperator, 'PrometheusRule', 'vigil');
    const dir = mkdtempSync(path.join(tmpdir(), 'vigil-rule-'));
    // The rule tests load alerts.yml beside them: here it is the PrometheusRule's spec.
    writeFileSync(path.join(dir, 'alerts.yml'), stringify(rule!.spec, {lineWidth: 0}));
    for (const test of ['alerts.test.yml', 'alerts-checks.test.yml']) copyFileSync(path.join(ROOT, 'deploy/prometheus', test), path.join(dir, test));
    const run = (args: string[]) => execFileSync(promtool.path!, args, {cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
    expect(run(['check', 'rules', 'alerts.yml'])).toMatch(/SUCCESS: \d+ rules found/);
    expect(run(['test', 'rules', 'alerts.test.yml', 'alerts-checks.test.yml'])).toMatch(/SUCCESS/);
  });
});
