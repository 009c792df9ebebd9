// The shipped compose file, read as an operator's engine reads it: each workload mounts only its own key
// volume, the signing secret reaches only auth and the gateway, the dev provider is off unless asked for,
// passwords have no known default, and every service scales (no fixed host port but the gateway's and
// the dev forwarder's). scripts/compose-smoke.sh checks the same on a running stack.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

interface Service {
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  command?: string[];
  entrypoint?: string[];
  profiles?: string[];
}
const file = readFileSync(path.join(__dirname, '..', 'docker-compose.yml'), 'utf8');
const compose = parse(file, { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const WORKLOADS = ['gateway', 'auth', 'avatar', 'telegram-bot', 'payment'];

it('mounts into each workload its own key volume only, and the operator key nowhere', () => {
  for (const name of WORKLOADS) {
    const keys = (compose.services[name]?.volumes ?? []).filter((v) => v.includes(':/keys'));
    expect({ name, keys }).toEqual({ name, keys: [`keys-${name}:/keys:ro`] });
  }
  for (const [name, service] of Object.entries(compose.services)) {
    if (name === 'internal-keys') continue;
    expect((service.volumes ?? []).some((v) => v.startsWith('keys-operator'))).toBe(false);
  }
  expect(compose.services['internal-keys']?.command?.join(' ')).toContain('--per-workload');
});

it('gives AUTH_SECRET and the signing keys to auth and the gateway only', () => {
  for (const [name, service] of Object.entries(compose.services)) {
    const env = service.environment ?? {};
    const signs = ['AUTH_SECRET', 'AUTH_SECRET_PREVIOUS', 'AUTH_SIGNING_KEYS_FILE'].filter((k) => k in env);
    expect({ name, signs }).toEqual({ name, signs: name === 'auth' || name === 'gateway' ? signs : [] });
    if (name === 'auth' || name === 'gateway') expect(signs).toContain('AUTH_SECRET');
  }
});

/** A compose interpolation, `${NAME<rest>}`, as it stands in the file. */
const interpolation = (name: string, rest: string) => `$\{${name}${rest}}`;

it('keeps the dev provider off unless asked for, and no password has a known default', () => {
  expect(compose.services.auth?.environment?.AUTH_DEV_PROVIDER).toBe(interpolation('AUTH_DEV_PROVIDER', ':-false'));
  expect(compose.services.postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
  expect(compose.services.payment?.environment?.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
  expect(file).not.toMatch(/POSTGRES_PASSWORD:-/);
  expect(compose.services.grafana?.environment?.GF_SECURITY_ADMIN_PASSWORD).toBe(
    interpolation('GRAFANA_ADMIN_PASSWORD', ':-'),
  );
  expect(compose.services.grafana?.entrypoint?.join(' ')).toContain('[ -n "$$GF_SECURITY_ADMIN_PASSWORD" ] ||');
});

it('lets every service but the gateway scale: no fixed host port, load-balanced internal targets', () => {
  for (const name of ['auth', 'avatar', 'telegram-bot', 'payment'])
    expect(compose.services[name]?.ports).toBeUndefined();
  expect(compose.services['dev-oauth']?.command).toEqual(['node', 'tcp-forward.js', '8084', 'auth:8084']);
  for (const name of WORKLOADS) {
    const env = compose.services[name]?.environment ?? {};
    for (const key of ['AUTH_GRPC_ADDR', 'AVATAR_GRPC_ADDR', 'TELEGRAM_GRPC_ADDR', 'PAYMENT_GRPC_ADDR']) {
      expect(env[key]).toMatch(/^dns:\/\/\//);
    }
  }
});
