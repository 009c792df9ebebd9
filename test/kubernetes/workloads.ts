// The per-process properties of the rendered manifests: probes, drain, resources, security, spread,
// scraping, replicas and their guards (PDB, HPA), Services, ServiceAccounts, migration Jobs. Each
// check returns problems as lines that name the object, so a failure says what to fix.
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IProbe } from 'kubernetes-models/v1/Probe';
import type { IService } from 'kubernetes-models/v1/Service';
import { parseDuration } from '../../packages/config/src/index';
import { containerEnv, type EnvSource, type K8sObject, named, selects } from './render';
import {
  AUTOSCALED,
  GATEWAY_PORT,
  GRPC_PORTS,
  type GrpcService,
  MIGRATED,
  metricsPort,
  SERVICE_SHUTDOWN_GRACE_S,
  WORKLOADS,
  type Workload,
} from './stack';

const literal = (s: EnvSource | undefined) => (s && 'value' in s ? s.value : undefined);

/** Seconds a process needs after SIGTERM to finish what is under way, from its own settings. */
function drainSeconds(w: Workload, env: Map<string, EnvSource>): number {
  const seconds = (name: string, fallback: string) => {
    const ms = parseDuration(literal(env.get(name)) ?? fallback);
    if (ms === null) throw new Error(`Deployment ${w}: ${name} is not a duration`);
    return ms / 1000;
  };
  if (w === 'gateway') return seconds('GATEWAY_SHUTDOWN_TIMEOUT', '8s');
  // Payment waits for loads at the processor: PROCESSOR_TIMEOUT + 2 s to settle (service.ts).
  if (w === 'payment') return seconds('PROCESSOR_TIMEOUT', '10s') + 2;
  return SERVICE_SHUTDOWN_GRACE_S;
}

/** A liveness or start-up probe that asks nothing of Redis or Postgres. */
function followsNoStore(p: IProbe | undefined, w: Workload): boolean {
  if (!p) return false;
  if (w === 'gateway') return p.httpGet?.path === '/health/live';
  return Boolean(p.tcpSocket) || (Boolean(p.httpGet) && p.httpGet?.port === metricsPort(w));
}

function securityProblems(what: string, pod: IPodSpec, c: IContainer): string[] {
  const problems: string[] = [];
  const ps = pod.securityContext ?? {};
  const cs = c.securityContext ?? {};
  if (ps.runAsNonRoot !== true || cs.runAsNonRoot === false) problems.push(`${what}: runAsNonRoot is not set`);
  if ((cs.runAsUser ?? ps.runAsUser) !== 1000) problems.push(`${what}: runAsUser is not 1000 (the image's node user)`);
  if (cs.readOnlyRootFilesystem !== true) problems.push(`${what}: readOnlyRootFilesystem is not true`);
  if (cs.allowPrivilegeEscalation !== false) problems.push(`${what}: allowPrivilegeEscalation is not false`);
  if (!cs.capabilities?.drop?.includes('ALL')) problems.push(`${what}: capabilities do not drop ALL`);
  if ((cs.seccompProfile ?? ps.seccompProfile)?.type !== 'RuntimeDefault')
    problems.push(`${what}: seccompProfile is not RuntimeDefault`);
  const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
  if (!tmp || !pod.volumes?.find((v) => v.name === tmp.name && v.emptyDir))
    problems.push(`${what}: no emptyDir at /tmp (the root file system is read-only)`);
  const res = c.resources;
  for (const kind of ['requests', 'limits'] as const)
    for (const r of ['cpu', 'memory']) if (!res?.[kind]?.[r]) problems.push(`${what}: no ${r} in resources.${kind}`);
  if (pod.automountServiceAccountToken !== false) problems.push(`${what}: automountServiceAccountToken is not false`);
  if (pod.enableServiceLinks !== false) problems.push(`${what}: enableServiceLinks is not false`);
  return problems;
}

function probeProblems(w: Workload, c: IContainer): string[] {
  const problems: string[] = [];
  const what = `Deployment ${w}`;
  const ready = c.readinessProbe;
  if (w === 'gateway') {
    const port = ready?.httpGet?.port;
    if (ready?.httpGet?.path !== '/health/ready' || (port !== GATEWAY_PORT && port !== 'http'))
      problems.push(`${what}: readiness is not GET /health/ready on ${GATEWAY_PORT}`);
  } else if (ready?.grpc?.port !== GRPC_PORTS[w]) {
    problems.push(`${what}: readiness is not a native gRPC probe on ${GRPC_PORTS[w]}`);
  }
  if (!followsNoStore(c.livenessProbe, w))
    problems.push(`${what}: liveness must not follow the stores (tcpSocket, or /health/live for the gateway)`);
  if (!followsNoStore(c.startupProbe, w)) problems.push(`${what}: the startup probe must not follow the stores`);
  return problems;
}

function drainProblems(w: Workload, pod: IPodSpec, c: IContainer, env: Map<string, EnvSource>): string[] {
  const command = c.lifecycle?.preStop?.exec?.command ?? [];
  const sleep = command[0] === 'sleep' ? Number(command[1]) : Number.NaN;
  if (!(sleep > 0)) return [`Deployment ${w}: no preStop sleep (exec ["sleep", "<seconds>"])`];
  const grace = pod.terminationGracePeriodSeconds ?? 30;
  const drain = drainSeconds(w, env);
  return grace > sleep + drain
    ? []
    : [`Deployment ${w}: terminationGracePeriodSeconds ${grace} does not exceed preStop ${sleep} s + drain ${drain} s`];
}

function spreadAndScrapeProblems(w: Workload, d: IDeployment, c: IContainer, env: Map<string, EnvSource>): string[] {
  const problems: string[] = [];
  const what = `Deployment ${w}`;
  const template = d.spec?.template;
  const labels = template?.metadata?.labels ?? {};
  for (const key of ['topology.kubernetes.io/zone', 'kubernetes.io/hostname']) {
    const t = template?.spec?.topologySpreadConstraints?.find((x) => x.topologyKey === key);
    if (t?.whenUnsatisfiable !== 'ScheduleAnyway' || !selects(t.labelSelector, labels))
      problems.push(`${what}: no ScheduleAnyway topology spread over ${key} selecting its pods`);
  }
  const port = metricsPort(w);
  const annotations = template?.metadata?.annotations ?? {};
  if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/port'] !== String(port))
    problems.push(`${what}: no prometheus.io/scrape "true" with prometheus.io/port "${port}"`);
  if (!c.ports?.some((p) => p.name === 'metrics' && p.containerPort === port))
    problems.push(`${what}: no container port named metrics on ${port}`);
  const envPort = literal(env.get('METRICS_PORT'));
  if (envPort !== undefined && envPort !== String(port))
    problems.push(`${what}: METRICS_PORT ${envPort} is not ${port}`);
  if (literal(env.get('METRICS_HOST')) !== '0.0.0.0')
    problems.push(`${what}: METRICS_HOST is not 0.0.0.0 (the monitoring namespace could not scrape it)`);
  return problems;
}

function replicaProblems(w: Workload, d: IDeployment, objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const hpa = named<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler', w);
  if (AUTOSCALED.includes(w)) {
    const target = hpa?.spec?.scaleTargetRef;
    const cpu = hpa?.spec?.metrics?.find((m) => m.resource?.name === 'cpu' && m.resource.target.type === 'Utilization');
    if (!hpa || target?.kind !== 'Deployment' || target.name !== w || !cpu)
      problems.push(`Deployment ${w}: no autoscaling/v2 HorizontalPodAutoscaler on CPU utilization`);
    // With an HPA, replicas in the manifest would reset the count at every apply.
    if (hpa && d.spec?.replicas !== undefined)
      problems.push(`Deployment ${w}: sets replicas although an HPA owns them`);
  }
  const replicas = d.spec?.replicas ?? hpa?.spec?.minReplicas ?? 1;
  if (replicas < 2) problems.push(`Deployment ${w}: runs ${replicas} replica(s), not 2 or more`);
  const pdb = named<IPodDisruptionBudget>(objects, 'PodDisruptionBudget', w);
  if (
    replicas > 1 &&
    (pdb?.spec?.maxUnavailable !== 1 || !selects(pdb.spec.selector, d.spec?.template.metadata?.labels ?? {}))
  )
    problems.push(`Deployment ${w}: no PodDisruptionBudget with maxUnavailable 1 selecting its pods`);
  return problems;
}

function serviceProblems(w: Workload, d: IDeployment, objects: K8sObject[]): string[] {
  const svc = named<IService>(objects, 'Service', w);
  const labels = d.spec?.template.metadata?.labels ?? {};
  if (!svc || !selects({ matchLabels: svc.spec?.selector }, labels))
    return [`Service ${w}: missing or selects no pod of ${w}`];
  const ports = svc.spec?.ports ?? [];
  if (w === 'gateway') {
    const http = ports.find((p) => p.name === 'http');
    const target = http?.targetPort;
    return svc.spec?.clusterIP !== 'None' && http?.port === 80 && (target === 'http' || target === GATEWAY_PORT)
      ? []
      : ['Service gateway: not a ClusterIP Service with port 80 (named http) to 8080'];
  }
  const grpc = ports.find((p) => p.name === 'grpc');
  return svc.spec?.clusterIP === 'None' && grpc?.port === GRPC_PORTS[w as GrpcService]
    ? []
    : [`Service ${w}: not headless (clusterIP None) with port grpc ${GRPC_PORTS[w as GrpcService]}`];
}

/** Every check of one process's Deployment and the objects that go with it. */
export function workloadProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const w of WORKLOADS) {
    const d = named<IDeployment>(objects, 'Deployment', w);
    const pod = d?.spec?.template.spec;
    const c = pod?.containers[0];
    if (!d || !pod || !c) {
      problems.push(`Deployment ${w}: missing`);
      continue;
    }
    const { env } = containerEnv(c, objects);
    if (!c.image || !new RegExp(`(^|/)gatehouse-${w}(:|@|$)`).test(c.image))
      problems.push(`Deployment ${w}: image ${c.image} is not gatehouse-${w}`);
    problems.push(...probeProblems(w, c), ...securityProblems(`Deployment ${w}`, pod, c));
    problems.push(...drainProblems(w, pod, c, env), ...spreadAndScrapeProblems(w, d, c, env));
    problems.push(...replicaProblems(w, d, objects), ...serviceProblems(w, d, objects));
    const sa = named<{ automountServiceAccountToken?: boolean }>(objects, 'ServiceAccount', w);
    if (pod.serviceAccountName !== w || sa?.automountServiceAccountToken !== false)
      problems.push(`Deployment ${w}: not run by its own ServiceAccount ${w} with automountServiceAccountToken false`);
  }
  for (const w of MIGRATED) {
    const job = named<IJob>(objects, 'Job', `${w}-migrate`);
    const pod = job?.spec?.template.spec;
    const c = pod?.containers[0];
    if (!job || !pod || !c) {
      problems.push(`Job ${w}-migrate: missing`);
      continue;
    }
    if (!c.image?.includes(`gatehouse-${w}`) || c.command?.join(' ') !== 'node db-migrate.js')
      problems.push(`Job ${w}-migrate: does not run node db-migrate.js in the ${w} image`);
    problems.push(...securityProblems(`Job ${w}-migrate`, pod, c));
  }
  return problems;
}
