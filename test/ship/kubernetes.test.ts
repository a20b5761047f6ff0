import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseAllDocuments} from 'yaml';
import {imageTag} from '../../scripts/image/tool.mjs';
import {ROOT} from '../helpers/cli.js';
import {DIR, editedCopy, find, kubectl, render} from './kustomize.js';

/* deploy/kubernetes as `kubectl apply -k` sends it (kubectl kustomize): the image, the pod's security, its probes and resources. */

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {version: string};
const rendered = kubectl.skipReason ? [] : render();
const deployment = () => find(rendered, 'Deployment', 'vigil-worker')[0]!;
const worker = () => deployment().spec.template.spec.containers.find((container: {name: string}) => container.name === 'worker');

describe.skipIf(kubectl.skipReason)('deploy/kubernetes, as kubectl kustomize renders it', () => {
  it('runs the image `npm run image` tags, vigil:<package version>', () => {
    expect(worker().image).toBe(imageTag(pkg.version));
    expect(imageTag(pkg.version)).toBe(`vigil:${pkg.version}`);
  });

  it("moves the image to a registry with kustomization.yaml's `images:` alone (the newName line uncommented)", () => {
    const pushed = render(editedCopy(text => text.replace('    # newName: registry.example.com/ops/vigil\n', '    newName: registry.example.com/ops/vigil\n')));
    expect(find(pushed, 'Deployment', 'vigil-worker')[0]!.spec.template.spec.containers[0].image).toBe(`registry.example.com/ops/vigil:${pkg.version}`);
  });

  it("runs as the image's non-root uid, read-only, without privilege escalation or capabilities", () => {
    const uid = Number(/^USER (\d+)(?::(\d+))?$/m.exec(readFileSync(path.join(ROOT, 'Containerfile'), 'utf8'))?.[1]);
    expect(uid).toBeGreaterThan(0);
    const pod = deployment().spec.template.spec.securityContext;
    expect(pod).toMatchObject({runAsNonRoot: true, runAsUser: uid, runAsGroup: uid});
    expect(worker().securityContext).toEqual({allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: {drop: ['ALL']}});
    // Read-only root: the settings folder is on the one writable volume.
    const configDir = worker().env.find((entry: {name: string}) => entry.name === 'VIGIL_CONFIG_DIR').value as string;
    const writable = worker().volumeMounts.filter((mount: {readOnly?: boolean}) => !mount.readOnly).map((mount: {mountPath: string}) => mount.mountPath);
    expect(writable.some((dir: string) => configDir.startsWith(`${dir}/`))).toBe(true);
  });

  it('mounts no service-account token, and caps the one writable volume', () => {
    const spec = deployment().spec.template.spec;
    expect(spec.automountServiceAccountToken).toBe(false);
    const writable = worker().volumeMounts.filter((mount: {readOnly?: boolean}) => !mount.readOnly).map((mount: {name: string}) => mount.name);
    for (const name of writable) expect(spec.volumes.find((volume: {name: string}) => volume.name === name).emptyDir.sizeLimit).toMatch(/^\d+Mi$/);
  });

  it("probes the worker's /healthz on the port its metrics server listens on", () => {
    const port = worker().ports.find((entry: {name: string}) => entry.name === 'metrics');
    const env = Object.fromEntries(worker().env.map((entry: {name: string; value?: string}) => [entry.name, entry.value]));
    expect(String(port.containerPort)).toBe(env.VIGIL_METRICS_PORT);
    expect(env.VIGIL_METRICS_HOST).toBe('0.0.0.0');
    for (const probe of [worker().livenessProbe, worker().readinessProbe]) expect(probe.httpGet).toEqual({path: '/healthz', port: 'metrics'});
  });

  it('requests CPU and memory, caps memory, and reads the Secret created apart from the manifests', () => {
    expect(worker().resources.requests).toEqual({cpu: expect.any(String), memory: expect.any(String)});
    expect(worker().resources.limits.memory).toBeDefined();
    const [secret] = parseAllDocuments(readFileSync(path.join(DIR, 'secret.example.yaml'), 'utf8')).map(doc => doc.toJS());
    expect(worker().envFrom).toContainEqual({secretRef: {name: secret.metadata.name}});
    // Created apart (kubectl create secret): nothing the kustomization applies holds a Secret.
    expect(find(rendered, 'Secret')).toEqual([]);
  });
});
