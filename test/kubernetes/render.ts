// Renders deploy/kubernetes with kubectl's own kustomize and validates every object against the
// Kubernetes API schemas (kubernetes-models: the OpenAPI schemas of the API server, compiled): types,
// required fields, enums and formats. Those schemas allow unknown field names, so a misspelt field
// passes here; the property checks (workloads.ts, isolation.ts) read every field that matters and
// find it missing. No cluster is needed: CI has kubectl but no cluster.
import { spawnSync } from 'node:child_process';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service, ServiceAccount } from 'kubernetes-models/v1';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { parseAllDocuments } from 'yaml';

/** One rendered object, as parsed; the checks narrow it by kind. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

interface Validating {
  validate(): void;
}

/** Every kind the manifests may hold, by apiVersion/kind; anything else is a problem. */
const MODELS: Record<string, (data: never) => Validating> = {
  'v1/Namespace': (d) => new Namespace(d),
  'v1/ServiceAccount': (d) => new ServiceAccount(d),
  'v1/Service': (d) => new Service(d),
  'v1/ConfigMap': (d) => new ConfigMap(d),
  'v1/Secret': (d) => new Secret(d),
  'apps/v1/Deployment': (d) => new Deployment(d),
  'batch/v1/Job': (d) => new Job(d),
  'policy/v1/PodDisruptionBudget': (d) => new PodDisruptionBudget(d),
  'autoscaling/v2/HorizontalPodAutoscaler': (d) => new HorizontalPodAutoscaler(d),
  'networking.k8s.io/v1/NetworkPolicy': (d) => new NetworkPolicy(d),
};

export interface Rendered {
  objects: K8sObject[];
  /** What kubectl printed on stderr: deprecation warnings land there. */
  warnings: string;
}

/** `kubectl kustomize <dir>`, parsed. Throws with one clear line when kubectl is not installed. */
export function render(dir: string): Rendered {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', timeout: 60_000 });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(
      'kubectl is missing: the Kubernetes manifests are rendered with `kubectl kustomize` (install kubectl 1.21 or later)',
    );
  }
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`kubectl kustomize ${dir} failed:\n${run.stderr}`);
  const objects = parseAllDocuments(run.stdout).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`kubectl printed YAML that does not parse: ${doc.errors[0]?.message}`);
    return doc.toJS() as K8sObject;
  });
  return { objects: objects.filter(Boolean), warnings: run.stderr.trim() };
}

/** Schema problems of every object, one line each (empty when all validate). */
export function schemaProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const obj of objects) {
    const model = MODELS[`${obj.apiVersion}/${obj.kind}`];
    const name = `${obj.kind} ${obj.metadata?.name}`;
    if (!model) {
      problems.push(`${name}: ${obj.apiVersion}/${obj.kind} is not a kind these manifests are checked for`);
      continue;
    }
    try {
      model(obj as never).validate();
    } catch (err) {
      problems.push(`${name}: ${(err as Error).message}`);
    }
  }
  return problems;
}

export function byKind<T = K8sObject>(objects: K8sObject[], kind: string): (T & K8sObject)[] {
  return objects.filter((o) => o.kind === kind) as (T & K8sObject)[];
}

export function named<T = K8sObject>(objects: K8sObject[], kind: string, name: string): (T & K8sObject) | undefined {
  return byKind<T>(objects, kind).find((o) => o.metadata.name === name);
}

/** A value as the container sees it: a literal, or a reference to a Secret's key. */
export type EnvSource = { value: string } | { secret: string; key: string };

/**
 * The container's environment as Kubernetes builds it: envFrom in order (ConfigMaps resolved from the
 * rendered ones; a Secret's keys unknown here, so only its name is kept), then env on top.
 */
export function containerEnv(
  container: IContainer,
  objects: K8sObject[],
): { env: Map<string, EnvSource>; envFromSecrets: string[] } {
  const env = new Map<string, EnvSource>();
  const envFromSecrets: string[] = [];
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) {
      const cm = named<{ data?: Record<string, string> }>(objects, 'ConfigMap', from.configMapRef.name ?? '');
      for (const [k, v] of Object.entries(cm?.data ?? {})) env.set(k, { value: v });
    }
    if (from.secretRef?.name) envFromSecrets.push(from.secretRef.name);
  }
  for (const e of container.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    if (ref) env.set(e.name, { secret: ref.name ?? '', key: ref.key });
    else if (e.valueFrom?.configMapKeyRef) {
      const { name, key } = e.valueFrom.configMapKeyRef;
      const cm = named<{ data?: Record<string, string> }>(objects, 'ConfigMap', name ?? '');
      env.set(e.name, { value: cm?.data?.[key] ?? '' });
    } else env.set(e.name, { value: e.value ?? '' });
  }
  return { env, envFromSecrets };
}

/** Whether a label selector (matchLabels only, as these manifests write them) selects these labels. */
export function selects(
  selector: { matchLabels?: Record<string, string> } | undefined,
  labels: Record<string, string>,
) {
  if (!selector) return false;
  return Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
}
