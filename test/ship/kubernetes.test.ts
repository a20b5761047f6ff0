import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseAllDocuments, parse} from 'yaml';
import {imageTag} from '../../scripts/image/tool.mjs';
import {ROOT} from '../helpers/cli.js';

/* deploy/kubernetes read as `kubectl apply -k` would: the kustomization's resources with its `images:` applied. */

const DIR = path.join(ROOT, 'deploy/kubernetes');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {version: string};

interface ImageOverride {
  name: string;
  newName?: string;
  newTag?: string;
  digest?: string;
}

/** kustomize's image transformer: an image whose name (without tag or digest) is `name` gets the new name, tag or digest. */
function overrideImage(image: string, overrides: readonly ImageOverride[]): string {
  const at = image.indexOf('@');
  const withoutDigest = at === -1 ? image : image.slice(0, at);
  const colon = withoutDigest.lastIndexOf(':');
  const hasTag = colon > withoutDigest.lastIndexOf('/');
  const name = hasTag ? withoutDigest.slice(0, colon) : withoutDigest;
  const tag = hasTag ? withoutDigest.slice(colon + 1) : undefined;
  const rule = overrides.find(entry => entry.name === name);
  if (!rule) return image;
  if (rule.digest) return `${rule.newName ?? name}@${rule.digest}`;
  const newTag = rule.newTag ?? tag;
  return `${rule.newName ?? name}${newTag ? `:${newTag}` : ''}`;
}

/** Every resource of the kustomization, images overridden. */
function build(kustomization: {resources: string[]; images?: ImageOverride[]}) {
  const resources = kustomization.resources.flatMap(file => parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8')).map(doc => doc.toJS()));
  for (const resource of resources) {
    for (const container of [...(resource.spec?.template?.spec?.containers ?? []), ...(resource.spec?.template?.spec?.initContainers ?? [])]) {
      container.image = overrideImage(container.image, kustomization.images ?? []);
    }
  }
  return resources;
}

const kustomization = parse(readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8'));
const deployment = () => build(kustomization).find(resource => resource.kind === 'Deployment');
const worker = () => deployment().spec.template.spec.containers.find((container: {name: string}) => container.name === 'worker');

describe('deploy/kubernetes, as kustomize builds it', () => {
  it('runs the image `npm run image` tags, vigil:<package version>', () => {
    expect(worker().image).toBe(imageTag(pkg.version));
    expect(imageTag(pkg.version)).toBe(`vigil:${pkg.version}`);
  });

  it('moves the image to a registry with `images:` alone (kustomize edit set image)', () => {
    const pushed = build({...kustomization, images: [{name: 'vigil', newName: 'registry.example.com/ops/vigil', newTag: '9.9.9'}]});
    expect(pushed.find(resource => resource.kind === 'Deployment').spec.template.spec.containers[0].image).toBe('registry.example.com/ops/vigil:9.9.9');
    expect(overrideImage('vigil:1.0.0', [{name: 'vigil', digest: 'sha256:abc'}])).toBe('vigil@sha256:abc');
    expect(overrideImage('other:1.0.0', [{name: 'vigil', newTag: '2'}])).toBe('other:1.0.0');
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
    const secret = parse(readFileSync(path.join(DIR, 'secret.example.yaml'), 'utf8'));
    expect(worker().envFrom).toEqual([{secretRef: {name: secret.metadata.name}}]);
    expect(kustomization.resources).not.toContain('secret.example.yaml');
  });
});
