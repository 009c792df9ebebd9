// deploy/kubernetes as CI can check it without a cluster: `kubectl kustomize deploy/kubernetes` renders,
// every object validates against the Kubernetes API schemas (kubernetes-models), the manifests keep the
// properties the README promises (test/kubernetes/*.ts), each process's configuration loader accepts
// the environment its Deployment gives it, and the checks themselves catch a broken manifest.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { parse } from 'yaml';
import { loadGatewayConfig } from '../gateway/src/config';
import { PROCESSES } from '../scripts/build';
import { loadAuthConfig } from '../services/auth/src/config';
import { loadAvatarConfig } from '../services/avatar/src/config';
import { loadPaymentConfig } from '../services/payment/src/config';
import { loadTelegramConfig } from '../services/telegram-bot/src/config';
import { networkProblems, secretProblems } from './kubernetes/isolation';
import { containerEnv, type K8sObject, named, render, schemaProblems } from './kubernetes/render';
import { MIGRATED, WORKLOADS, type Workload } from './kubernetes/stack';
import { workloadProblems } from './kubernetes/workloads';

const ROOT = path.resolve(__dirname, '..');
const DIR = path.join(ROOT, 'deploy', 'kubernetes');

/** Every property check over the whole render. */
const allProblems = (objects: K8sObject[]) => [
  ...workloadProblems(objects),
  ...networkProblems(objects),
  ...secretProblems(objects),
];

let rendered: ReturnType<typeof render>;
beforeAll(() => {
  rendered = render(DIR);
});

test('kubectl kustomize renders the stack without warnings, into the namespace gatehouse', () => {
  expect(rendered.warnings).toBe('');
  expect(rendered.objects.length).toBeGreaterThan(30);
  expect(named(rendered.objects, 'Namespace', 'gatehouse')).toBeDefined();
  const elsewhere = rendered.objects.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== 'gatehouse');
  expect(elsewhere.map((o) => `${o.kind} ${o.metadata.name}`)).toEqual([]);
});

test('every object validates against the Kubernetes API schemas', () => {
  expect(schemaProblems(rendered.objects)).toEqual([]);
});

test('the manifests keep every promised property', () => {
  expect(allProblems(rendered.objects)).toEqual([]);
});

test('the kustomizations use only fields the kustomize of kubectl 1.21 and later knows, none deprecated', () => {
  const allowed = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches', 'configMapGenerator']);
  const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('kustomization.yaml'));
  expect(files.length).toBeGreaterThanOrEqual(3);
  for (const file of files) {
    const fields = Object.keys(parse(readFileSync(path.join(DIR, file), 'utf8')) as object);
    expect({ file, unknown: fields.filter((f) => !allowed.has(f)) }).toEqual({ file, unknown: [] });
  }
});

test('the migration Jobs run an entry that pnpm build writes into the image', () => {
  for (const w of MIGRATED) expect(Object.keys(PROCESSES[w]?.entries ?? {})).toContain('db-migrate');
});

/** What the operator puts into each workload's `<w>-env` and `<w>-signing` Secrets (README.md there). */
const SECRET_VALUES: Record<string, Record<string, string>> = {
  'gateway-env': { REDIS_URL: 'redis://gateway:gateway-password@redis:6379' },
  'gateway-signing': { AUTH_SECRET: 'x'.repeat(64) },
  'auth-env': {
    DATABASE_URL: 'postgres://gatehouse_auth:auth-password@postgres/gatehouse',
    REDIS_URL: 'redis://auth:auth-password@redis:6379',
    GITHUB_CLIENT_SECRET: 's',
  },
  'auth-signing': { AUTH_SECRET: 'x'.repeat(64) },
  'avatar-env': { AUTH_AVATAR_STORE: 'postgres://gatehouse_avatar:avatar-password@postgres/gatehouse' },
  'telegram-bot-env': { REDIS_URL: 'redis://telegram-bot:telegram-password@redis:6379' },
  'payment-env': { DATABASE_URL: 'postgres://gatehouse_payment:payment-password@postgres/gatehouse' },
};

const LOADERS: Record<Workload, (env: Record<string, string>) => unknown> = {
  gateway: loadGatewayConfig,
  auth: loadAuthConfig,
  avatar: loadAvatarConfig,
  'telegram-bot': loadTelegramConfig,
  payment: loadPaymentConfig,
};

test.each(WORKLOADS)('%s starts with the environment and files its Deployment gives it', (w) => {
  const pod = named<IDeployment>(rendered.objects, 'Deployment', w)?.spec?.template.spec;
  const container = pod?.containers[0];
  if (!pod || !container) throw new Error(`no Deployment ${w}`);
  const { env, envFromSecrets } = containerEnv(container, rendered.objects);
  const files = mkdtempSync(path.join(tmpdir(), `gatehouse-k8s-${w}-`));
  try {
    // ConfigMap volumes are written out under a temporary root; paths into them are moved there.
    const moved: [string, string][] = [];
    for (const mount of container.volumeMounts ?? []) {
      const cm = pod.volumes?.find((v) => v.name === mount.name)?.configMap?.name;
      const data = named<{ data?: Record<string, string> }>(rendered.objects, 'ConfigMap', cm ?? '')?.data;
      if (!data) continue;
      const dir = path.join(files, mount.mountPath);
      mkdirSync(dir, { recursive: true });
      for (const [name, text] of Object.entries(data)) writeFileSync(path.join(dir, name), text);
      moved.push([mount.mountPath, dir]);
    }
    const vars: Record<string, string> = {};
    for (const name of envFromSecrets) Object.assign(vars, SECRET_VALUES[name]);
    for (const [name, source] of env) {
      const value = 'value' in source ? source.value : SECRET_VALUES[source.secret]?.[source.key];
      if (value === undefined) throw new Error(`${w}: ${name} comes from ${JSON.stringify(source)}, unknown here`);
      const move = moved.find(([from]) => value.startsWith(`${from}/`));
      vars[name] = move ? move[1] + value.slice(move[0].length) : value;
    }
    expect(() => LOADERS[w](vars)).not.toThrow();
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
});

describe('the checks catch a broken manifest', () => {
  const deploymentOf = (objects: K8sObject[], w: Workload) =>
    named<IDeployment>(objects, 'Deployment', w)?.spec?.template.spec as NonNullable<
      NonNullable<IDeployment['spec']>['template']['spec']
    >;
  const cases: [string, (objects: K8sObject[]) => K8sObject[], RegExp][] = [
    [
      'a liveness probe that asks gRPC health (which follows Redis)',
      (o) => {
        const c = deploymentOf(o, 'auth').containers[0];
        if (c) c.livenessProbe = { grpc: { port: 50051 } };
        return o;
      },
      /auth: liveness must not follow the stores/,
    ],
    [
      'a grace shorter than preStop + payment drain',
      (o) => {
        deploymentOf(o, 'payment').terminationGracePeriodSeconds = 15;
        return o;
      },
      /payment: terminationGracePeriodSeconds 15 does not exceed preStop 5 s \+ drain 12 s/,
    ],
    [
      "another workload's internal keys",
      (o) => {
        const v = deploymentOf(o, 'avatar').volumes?.find((x) => x.secret?.secretName === 'avatar-internal-keys');
        if (v?.secret) v.secret.secretName = 'gateway-internal-keys';
        return o;
      },
      /avatar: refers to Secret gateway-internal-keys/,
    ],
    [
      'a private JWK in a ConfigMap',
      (o) => [
        ...o,
        {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: 'leak' },
          data: { 'k.json': '{"kty":"OKP","d":"x"}' },
        },
      ],
      /ConfigMap leak: k\.json holds a private key/,
    ],
    [
      'avatar allowed to Redis',
      (o) => {
        const np = named<{ spec: { egress: { ports?: { port: number }[] }[] } }>(o, 'NetworkPolicy', 'avatar');
        np?.spec.egress.push({ ports: [{ port: 6379 }] });
        return o;
      },
      /NetworkPolicy: avatar may reach port 6379, a store it does not use/,
    ],
    [
      'payment reachable from telegram-bot',
      (o) => {
        const np = named<{ spec: { ingress: { from: unknown[] }[] } }>(o, 'NetworkPolicy', 'payment');
        np?.spec.ingress[0]?.from.push({ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'telegram-bot' } } });
        return o;
      },
      /payment on 50054 admits \[auth, gateway, telegram-bot\]/,
    ],
    ['no default deny', (o) => o.filter((x) => x.metadata.name !== 'default-deny'), /no default deny/],
    [
      'no HPA for payment',
      (o) => o.filter((x) => !(x.kind === 'HorizontalPodAutoscaler' && x.metadata.name === 'payment')),
      /payment: no autoscaling/,
    ],
    [
      'no payment-migrate Job',
      (o) => o.filter((x) => x.metadata.name !== 'payment-migrate'),
      /Job payment-migrate: missing/,
    ],
    [
      'a writable root file system',
      (o) => {
        const c = deploymentOf(o, 'gateway').containers[0];
        if (c?.securityContext) c.securityContext.readOnlyRootFilesystem = false;
        return o;
      },
      /gateway: readOnlyRootFilesystem is not true/,
    ],
  ];
  test.each(cases)('%s', (_what, breakIt, expected) => {
    const broken = breakIt(structuredClone(rendered.objects));
    expect(allProblems(broken).join('\n')).toMatch(expected);
  });
  test('a field of the wrong type', () => {
    const broken = structuredClone(rendered.objects);
    const d = named<IDeployment>(broken, 'Deployment', 'avatar');
    if (d?.spec) (d.spec as { replicas: unknown }).replicas = 'two';
    expect(schemaProblems(broken).join('\n')).toMatch(/Deployment avatar: .*replicas must be integer/);
  });
});
