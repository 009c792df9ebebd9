// What keeps the processes apart in the rendered manifests: NetworkPolicies (default deny, each
// service reachable only from its callers, metrics from the monitoring namespace, egress to callees
// and stores) and Secrets (each workload refers only to its own, key material never rendered).
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { byKind, containerEnv, type K8sObject, named, selects } from './render';
import {
  CALLERS,
  GATEWAY_PORT,
  GRPC_PORTS,
  GRPC_SERVICES,
  metricsPort,
  SIGNERS,
  STORE_PORTS,
  WORKLOADS,
  type Workload,
} from './stack';

const MONITORING = { 'kubernetes.io/metadata.name': 'monitoring' };
/** Postgres, Redis and Redis Sentinel. */
const ALL_STORE_PORTS = [5432, 6379, 26379];

function podLabels(objects: K8sObject[], w: Workload): Record<string, string> {
  return named<IDeployment>(objects, 'Deployment', w)?.spec?.template.metadata?.labels ?? {};
}

/** Whether a rule's port list lets `port` through (no list: every port). */
function covers(ports: INetworkPolicyPort[] | undefined, port: number, name?: string): boolean {
  if (!ports || ports.length === 0) return true;
  return ports.some((p) => p.port === port || (name !== undefined && p.port === name) || p.port === undefined);
}

function policiesFor(objects: K8sObject[], labels: Record<string, string>, type: 'Ingress' | 'Egress') {
  return byKind<INetworkPolicy>(objects, 'NetworkPolicy').filter(
    (p) => selects(p.spec?.podSelector, labels) && (p.spec?.policyTypes ?? ['Ingress']).includes(type),
  );
}

/** The workloads a peer list admits (a namespace or IP block admits anyone: returned as '*'). */
function admitted(objects: K8sObject[], peers: NonNullable<INetworkPolicy['spec']>['ingress']): Set<string> {
  const who = new Set<string>();
  for (const rule of peers ?? []) {
    if (!rule.from || rule.from.length === 0) who.add('*');
    for (const peer of rule.from ?? []) {
      if (peer.namespaceSelector || peer.ipBlock || !peer.podSelector) who.add('*');
      else for (const w of WORKLOADS) if (selects(peer.podSelector, podLabels(objects, w))) who.add(w);
    }
  }
  return who;
}

export function networkProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const policies = byKind<INetworkPolicy>(objects, 'NetworkPolicy');
  const everyPod = (p: INetworkPolicy) => Object.keys(p.spec?.podSelector?.matchLabels ?? {}).length === 0;
  const denyAll = policies.find(
    (p) =>
      everyPod(p) &&
      (['Ingress', 'Egress'] as const).every((t) => p.spec?.policyTypes?.includes(t)) &&
      !p.spec?.ingress?.length &&
      !p.spec?.egress?.length,
  );
  if (!denyAll) problems.push('NetworkPolicy: no default deny of ingress and egress for every pod');
  const dns = policies.find(
    (p) =>
      everyPod(p) &&
      p.spec?.egress?.some((r) =>
        ['UDP', 'TCP'].every((proto) => r.ports?.some((x) => x.port === 53 && (x.protocol ?? 'TCP') === proto)),
      ),
  );
  if (!dns) problems.push('NetworkPolicy: no DNS egress (UDP and TCP 53) for every pod');

  for (const w of WORKLOADS) {
    const labels = podLabels(objects, w);
    const ingress = policiesFor(objects, labels, 'Ingress').flatMap((p) => p.spec?.ingress ?? []);
    const port = w === 'gateway' ? GATEWAY_PORT : GRPC_PORTS[w];
    const serving = ingress.filter((r) => covers(r.ports, port, w === 'gateway' ? 'http' : 'grpc'));
    const from = [...admitted(objects, serving)].sort();
    if (w === 'gateway') {
      if (serving.length === 0) problems.push(`NetworkPolicy: nothing may reach the gateway on ${GATEWAY_PORT}`);
    } else if (from.join(',') !== [...CALLERS[w]].sort().join(',')) {
      problems.push(
        `NetworkPolicy: ${w} on ${port} admits [${from.join(', ')}], not its callers [${CALLERS[w].join(', ')}]`,
      );
    }
    const metrics = metricsPort(w);
    const scrape = ingress.some(
      (r) => covers(r.ports, metrics, 'metrics') && r.from?.some((f) => selects(f.namespaceSelector, MONITORING)),
    );
    if (!scrape) problems.push(`NetworkPolicy: the monitoring namespace may not reach ${w} on ${metrics}`);

    const egress = policiesFor(objects, labels, 'Egress').flatMap((p) => p.spec?.egress ?? []);
    for (const callee of GRPC_SERVICES.filter((s) => CALLERS[s].includes(w))) {
      const ok = egress.some(
        (r) =>
          covers(r.ports, GRPC_PORTS[callee], 'grpc') &&
          (!r.to?.length || r.to.some((t) => selects(t.podSelector, podLabels(objects, callee)))),
      );
      if (!ok) problems.push(`NetworkPolicy: ${w} may not call ${callee} on ${GRPC_PORTS[callee]}`);
    }
    const stores = STORE_PORTS[w].flatMap((p) => (p === 6379 ? [6379, 26379] : [p]));
    for (const p of stores)
      if (!egress.some((r) => covers(r.ports, p))) problems.push(`NetworkPolicy: ${w} may not reach its store on ${p}`);
    // Nor any store it does not use (issue 31: avatar, which decodes untrusted pictures, reaches no Redis).
    for (const p of ALL_STORE_PORTS.filter((x) => !stores.includes(x)))
      if (egress.some((r) => covers(r.ports, p)))
        problems.push(`NetworkPolicy: ${w} may reach port ${p}, a store it does not use`);
  }
  return problems;
}

/** Each pod with the name of the workload it belongs to (a migration Job belongs to its service). */
function pods(objects: K8sObject[]): { owner: string; what: string; pod: IPodSpec }[] {
  const out: { owner: string; what: string; pod: IPodSpec }[] = [];
  for (const kind of ['Deployment', 'Job']) {
    for (const o of byKind<{ spec?: { template?: { spec?: IPodSpec } } }>(objects, kind)) {
      const pod = o.spec?.template?.spec;
      if (pod) out.push({ owner: o.metadata.name.replace(/-migrate$/, ''), what: `${kind} ${o.metadata.name}`, pod });
    }
  }
  return out;
}

/** Every Secret a pod refers to: volumes (projected too), envFrom, env. */
function secretsOf(pod: IPodSpec, objects: K8sObject[]): string[] {
  const names: string[] = [];
  for (const v of pod.volumes ?? []) {
    if (v.secret?.secretName) names.push(v.secret.secretName);
    for (const s of v.projected?.sources ?? []) if (s.secret?.name) names.push(s.secret.name);
  }
  for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
    const { env, envFromSecrets } = containerEnv(c, objects);
    names.push(...envFromSecrets);
    for (const source of env.values()) if ('secret' in source) names.push(source.secret);
  }
  return names;
}

const PRIVATE_KEY = /"d"\s*:|PRIVATE KEY-----/;

export function secretProblems(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const { owner, what, pod } of pods(objects)) {
    for (const name of secretsOf(pod, objects))
      if (!name.startsWith(`${owner}-`)) problems.push(`${what}: refers to Secret ${name}, not one of ${owner}'s own`);
    const c = pod.containers[0];
    if (!c) continue;
    const { env } = containerEnv(c, objects);
    const authSecret = env.get('AUTH_SECRET');
    const signer = SIGNERS.includes(owner as Workload) && what.startsWith('Deployment');
    if (signer && !(authSecret && 'secret' in authSecret && authSecret.secret === `${owner}-signing`))
      problems.push(`${what}: AUTH_SECRET does not come from the Secret ${owner}-signing`);
    if (!signer && authSecret) problems.push(`${what}: gets AUTH_SECRET, which only auth and the gateway may hold`);
    if (!what.startsWith('Deployment')) continue;
    const keys = pod.volumes?.find((v) => v.secret?.secretName === `${owner}-internal-keys`);
    const mount = c.volumeMounts?.find((m) => m.name === keys?.name);
    const dir = env.get('INTERNAL_KEYS_DIR');
    if (
      !keys ||
      mount?.mountPath !== '/keys' ||
      mount.readOnly !== true ||
      !(dir && 'value' in dir && dir.value === '/keys')
    )
      problems.push(`${what}: does not mount its Secret ${owner}-internal-keys read-only at /keys (INTERNAL_KEYS_DIR)`);
  }
  for (const kind of ['Secret', 'ConfigMap']) {
    for (const o of byKind<{ data?: Record<string, string>; stringData?: Record<string, string> }>(objects, kind)) {
      const name = `${kind} ${o.metadata.name}`;
      if (kind === 'Secret' && /-(internal-keys|signing)$/.test(o.metadata.name))
        problems.push(`${name}: key material is rendered, so an apply would replace the real keys`);
      for (const [key, raw] of Object.entries({ ...o.data, ...o.stringData })) {
        const text = kind === 'Secret' && o.data?.[key] === raw ? Buffer.from(raw, 'base64').toString('utf8') : raw;
        if (PRIVATE_KEY.test(text)) problems.push(`${name}: ${key} holds a private key`);
        if (kind === 'ConfigMap' && (key === 'AUTH_SECRET' || /AUTH_SECRET\s*[:=]/.test(text)))
          problems.push(`${name}: holds AUTH_SECRET, which belongs in a Secret`);
      }
    }
  }
  return problems;
}
