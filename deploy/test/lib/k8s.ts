// Renders the Kustomize overlays with kubectl and checks every object offline: the schema
// validators of `kubernetes-models` (types, required fields, formats) and a TypeScript
// excess-property check against its interfaces (unknown or misspelled fields, which the
// validators let through).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const OVERLAYS = ['dev', 'prod'] as const;
const require = createRequire(import.meta.url);

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  [key: string]: unknown;
}

export function kubectl(): string {
  return process.env.KUBECTL ?? 'kubectl';
}

/** `kubectl kustomize k8s/overlays/<overlay>`, parsed. Throws with kubectl's own message. */
export function render(overlay: string): K8sObject[] {
  const out = execFileSync(kubectl(), ['kustomize', join(ROOT, 'k8s', 'overlays', overlay)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseAllDocuments(out)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((obj): obj is K8sObject => obj !== null);
}

/** The module of `kubernetes-models` holding a built-in kind, e.g. `apps/v1/Deployment`. */
export function modelPath(object: Pick<K8sObject, 'apiVersion' | 'kind'>): string {
  return `${object.apiVersion}/${object.kind}`;
}

export function isBuiltIn(object: K8sObject): boolean {
  try {
    require.resolve(`kubernetes-models/${modelPath(object)}`);
    return true;
  } catch {
    return false;
  }
}

/** Validates one built-in object with kubernetes-models; returns the error message, or undefined. */
export function validateModel(object: K8sObject): string | undefined {
  const module = require(`kubernetes-models/${modelPath(object)}`) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  const Model = module[object.kind];
  if (!Model) return `kubernetes-models has no ${object.kind} in ${object.apiVersion}`;
  try {
    new Model(object).validate();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/**
 * Type-checks every object as an object literal of its kubernetes-models interface, so TypeScript
 * reports fields the API does not have. Returns one line per problem: `Kind/name: message`.
 */
export function findUnknownFields(objects: K8sObject[]): string[] {
  const lines = objects.map(
    (object, i) =>
      `export const o${i}: import('kubernetes-models/${modelPath(object)}').I${object.kind} = ${JSON.stringify(object)};`,
  );
  const fileName = join(ROOT, 'deploy', 'test', '__rendered_objects__.ts');
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName
      ? ts.createSourceFile(name, source, languageVersion)
      : getSourceFile(name, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const object = objects[line];
    return object ? `${object.kind}/${object.metadata.name}: ${message}` : message;
  });
}

/** The pod spec of a Deployment or Job. */
export function podSpecOf(object: K8sObject): IPodSpec {
  const template = (object.spec as { template?: { spec?: IPodSpec } } | undefined)?.template;
  if (!template?.spec) throw new Error(`${object.kind}/${object.metadata.name} has no pod template`);
  return template.spec;
}

export function podLabelsOf(object: K8sObject): Record<string, string> {
  return (
    (object.spec as { template: { metadata?: { labels?: Record<string, string> } } }).template.metadata?.labels ?? {}
  );
}

/**
 * A container's environment as the kubelet builds it: envFrom sources in order (later ones win),
 * then env. Values from Secrets read as `secret:<name>/<key>`.
 */
export function resolveEnv(container: IContainer, objects: K8sObject[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const name = source.configMapRef?.name;
    const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
    if (!configMap) throw new Error(`${container.name}: envFrom names a missing ConfigMap ${name}`);
    Object.assign(env, configMap.data ?? {});
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    env[variable.name] = secret ? `secret:${secret.name}/${secret.key}` : (variable.value ?? '');
  }
  return env;
}

/** `sleep N` in an exec preStop hook, or the sleep action: seconds. */
export function preStopSeconds(container: IContainer): number | undefined {
  const preStop = container.lifecycle?.preStop as
    { exec?: { command?: string[] }; sleep?: { seconds: number } } | undefined;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const command = preStop?.exec?.command ?? [];
  const at = command.findIndex((part) => /(^|\/)sleep$/.test(part));
  return at >= 0 ? Number(command[at + 1]) : undefined;
}

/** Whether a label selector's matchLabels / matchExpressions (In, NotIn, Exists) select these labels. */
export function selects(
  selector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  },
  labels: Record<string, string>,
): boolean {
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return values.includes(labels[key] ?? '\0');
    if (operator === 'NotIn') return !values.includes(labels[key] ?? '\0');
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    throw new Error(`unknown selector operator ${operator}`);
  });
  return byLabels && byExpressions;
}
