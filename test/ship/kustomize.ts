import {execFileSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseAllDocuments} from 'yaml';
import {ROOT} from '../helpers/cli.js';
import {requireProgram} from '../helpers/programs.js';

/*
 * deploy/kubernetes as `kubectl kustomize` renders it (the same objects `kubectl apply -k`
 * sends), and each object checked against the Kubernetes schemas (kubernetes-models) and the
 * Prometheus operator's (@kubernetes-models/prometheus-operator, monitoring.coreos.com/v1).
 */

export const DIR = path.join(ROOT, 'deploy/kubernetes');
export const kubectl = requireProgram('kubectl');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type K8sObject = {apiVersion: string; kind: string; metadata: {name: string; namespace?: string; labels?: Record<string, string>}; [key: string]: any};

/** The two lines kustomization.yaml says to uncomment for the Prometheus operator (README, docs/deploy.md). */
export const OPERATOR_LINES = '# components:\n#   - prometheus-operator\n';

/**
 * A copy of deploy/kubernetes with `edit` applied to its kustomization.yaml, as a reader edits
 * theirs; returns the copy's folder.
 */
export function editedCopy(edit: (kustomization: string) => string): string {
  const copy = path.join(mkdtempSync(path.join(tmpdir(), 'vigil-kustomize-')), 'kubernetes');
  cpSync(DIR, copy, {recursive: true});
  const file = path.join(copy, 'kustomization.yaml');
  const before = readFileSync(file, 'utf8');
  const after = edit(before);
  if (after === before) throw new Error('the edit changed nothing in kustomization.yaml');
  writeFileSync(file, after);
  return copy;
}

let checkedVersion = false;

/** Debian 12's kubectl (1.20) carries kustomize 2, which has no components: say so rather than fail on the file. */
function requireKustomize4(): void {
  if (checkedVersion) return;
  const version = JSON.parse(execFileSync(kubectl.path!, ['version', '--client', '-o', 'json'], {encoding: 'utf8'})) as {kustomizeVersion?: string; clientVersion: {gitVersion: string}};
  const major = Number(/^v(\d+)/.exec(version.kustomizeVersion ?? '')?.[1] ?? 0);
  if (major < 4) throw new Error(`kubectl ${version.clientVersion.gitVersion} renders with kustomize ${version.kustomizeVersion ?? '(unknown)'}: deploy/kubernetes needs kustomize 4 or later (kubectl 1.21+)`);
  checkedVersion = true;
}

/** `kubectl kustomize <dir>`, parsed. */
export function render(dir = DIR): K8sObject[] {
  requireKustomize4();
  const text = execFileSync(kubectl.path!, ['kustomize', dir], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe']});
  return parseAllDocuments(text).map(doc => doc.toJS() as K8sObject);
}

/** With the prometheus-operator component enabled as documented. */
export function renderWithOperator(): K8sObject[] {
  return render(editedCopy(text => text.replace(OPERATOR_LINES, 'components:\n  - prometheus-operator\n')));
}

/** The schema's verdict on one object: undefined when valid, else the validator's message. */
export async function schemaProblem(object: K8sObject): Promise<string | undefined> {
  const [group, version] = object.apiVersion.includes('/') ? object.apiVersion.split('/') : [undefined, object.apiVersion];
  const module = group === 'monitoring.coreos.com'
    ? `@kubernetes-models/prometheus-operator/${group}/${version}`
    : `kubernetes-models/${group ? `${group}/` : ''}${version}`;
  const Model = ((await import(module)) as Record<string, new (data: unknown) => {validate(): void}>)[object.kind];
  if (!Model) return `${object.apiVersion} ${object.kind}: no schema for it in ${module}`;
  try {
    new Model(object).validate();
    return undefined;
  } catch (error) {
    return `${object.kind}/${object.metadata.name}: ${(error as Error).message}`;
  }
}

export const find = (objects: K8sObject[], kind: string, name?: string) => objects.filter(object => object.kind === kind && (name === undefined || object.metadata.name === name || object.metadata.name.startsWith(`${name}-`)));
