// The shipped compose file, read as an operator's engine reads it: each workload mounts only its own key
// volume, the signing secret reaches only auth and the gateway, the dev provider is off unless asked for,
// passwords have no known default, every service scales (no fixed host port but the gateway's and
// the dev forwarder's), and the stores are not shared (issue 31): a Postgres role and a Redis user per
// workload, no service as the superuser, and each store on a network with only the workloads that use
// it. scripts/compose-smoke.sh checks the same on a running stack, from inside the containers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { loadGatewayConfig } from '../gateway/src/config';
import { loadAuthConfig } from '../services/auth/src/config';
import { loadAvatarConfig } from '../services/avatar/src/config';
import { loadPaymentConfig } from '../services/payment/src/config';
import { loadTelegramConfig } from '../services/telegram-bot/src/config';

import { storeProblems } from './compose-stores';

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
  expect(compose.services.payment?.environment?.DATABASE_URL).toMatch(/\$\{PAYMENT_DATABASE_PASSWORD:\?/);
  expect(file).not.toMatch(/(POSTGRES|DATABASE|REDIS)_PASSWORD:-/);
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

it("publishes the gateway's admin console and API on the host's loopback only, over HTTPS", () => {
  const gateway = compose.services.gateway;
  const env = gateway?.environment ?? {};
  // Beyond the container's loopback (so the host's published port reaches it), hence TLS only: the
  // operator's files when given, else the gateway's own kept certificate.
  expect(env.ADMIN_ADDR).toBe('0.0.0.0:8081');
  expect([env.ADMIN_ALLOW_REMOTE, env.ADMIN_TLS_SELF_SIGNED]).toEqual(['true', 'true']);
  expect(env.ADMIN_TLS_SELF_SIGNED_DIR).toMatch(/^\/data\//);
  expect((gateway?.volumes ?? []).some((v) => String(v).endsWith(':/data'))).toBe(true);
  // Published on 127.0.0.1 only, unless the operator says otherwise.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's own interpolation, as written in the file
  expect((gateway?.ports ?? []).filter((p) => p.endsWith(':8081'))).toEqual(['${ADMIN_PUBLISH:-127.0.0.1:8081}:8081']);
  for (const [name, service] of Object.entries(compose.services)) {
    if (name === 'gateway') continue;
    expect({ name, admin: (service.ports ?? []).filter((p) => p.includes('8081')) }).toEqual({ name, admin: [] });
  }
});

describe('the stores are not shared (issue 31)', () => {
  it('gives each workload its own Postgres role and Redis user, no superuser login, and a network only to those that use a store', () => {
    expect(storeProblems(parse(file, { merge: true }))).toEqual([]);
  });

  // biome-ignore lint/suspicious/noExplicitAny: a parsed YAML document, broken in place
  const broken: [string, (c: any) => void, RegExp][] = [
    [
      'payment on the Redis network',
      (c) => c.services.payment.networks.push('redis'),
      /network redis: payment is on it, but only redis, auth, telegram-bot, gateway may be/,
    ],
    ['avatar on the default network', (c) => delete c.services.avatar.networks, /avatar: on no network of its own/],
    [
      "payment logging in as auth's role",
      (c) => {
        c.services.payment.environment.DATABASE_URL = c.services.auth.environment.DATABASE_URL;
      },
      /payment: DATABASE_URL logs in as gatehouse_auth, not gatehouse_payment/,
    ],
    [
      'a service as the superuser',
      (c) => {
        c.services.auth.environment.DATABASE_URL = `postgres://gatehouse:${interpolation('POSTGRES_PASSWORD', ':?x')}@postgres/gatehouse`;
      },
      /auth: is given POSTGRES_PASSWORD/,
    ],
    [
      'a Redis password with a default',
      (c) => {
        c.services.gateway.environment.REDIS_URL = `redis://gateway:${interpolation('GATEWAY_REDIS_PASSWORD', ':-x')}@redis:6379`;
      },
      /gateway: REDIS_URL needs \$\{GATEWAY_REDIS_PASSWORD:\?/,
    ],
    [
      'Redis started without the users',
      (c) => {
        c.services.redis.entrypoint = ['redis-server'];
      },
      /redis: not started by deploy\/redis\/entrypoint.sh/,
    ],
    [
      'a store network that reaches the internet',
      (c) => {
        c.networks.postgres = {};
      },
      /network postgres: not internal/,
    ],
  ];
  it.each(broken)('catches %s', (_what, breakIt, expected) => {
    const c = parse(file, { merge: true });
    breakIt(c);
    expect(storeProblems(c).join('\n')).toMatch(expected);
  });
});

/**
 * A service's `${NAME:-default}` entries as the engine fills them when the operator sets nothing, and the
 * same environment without them (`base`: what the operator sets): a service must read both alike.
 */
function withComposeDefaults(service: string, base: Record<string, string>) {
  const unset: Record<string, string> = {};
  for (const [name, value] of Object.entries(compose.services[service]?.environment ?? {})) {
    const m = new RegExp(`^\\$\\{${name}:-([^}$]*)\\}$`).exec(String(value));
    if (m && !(name in base)) unset[name] = m[1] ?? '';
  }
  return { unset, withDefaults: { ...base, ...unset }, without: base };
}

it("passes each service's settings through, an unset one giving Configuration's default", () => {
  const secret = { AUTH_SECRET: 's'.repeat(32) };
  const database = { DATABASE_URL: 'postgres://a@127.0.0.1:5432/gatehouse' };
  const loaders: [string, (env: Record<string, string>) => unknown, Record<string, string>][] = [
    ['auth', loadAuthConfig, { ...secret, ...database, AUTH_DEV_PROVIDER: 'true' }],
    ['gateway', loadGatewayConfig, secret],
    ['payment', loadPaymentConfig, { ...database, PAYMENT_DEV_PROCESSOR: 'true' }],
    // The one default the file sets on purpose: the avatars' volume inside the container.
    ['avatar', loadAvatarConfig, { AUTH_AVATAR_STORE: '/data/avatars' }],
    ['telegram-bot', loadTelegramConfig, {}],
  ];
  for (const [service, load, base] of loaders) {
    const { unset, withDefaults, without } = withComposeDefaults(service, base);
    expect({ service, same: load(withDefaults) }).toEqual({ service, same: load(without) });
    expect({ service, passed: Object.keys(unset).length > 0 }).toEqual({ service, passed: true });
  }
  // The settings operators asked for by name: the trail, webhooks, limits, cookies, compliance limits.
  const named: Record<string, string[]> = {
    auth: [
      'AUDIT_RETENTION',
      'WEBHOOK_RETRY_SCHEDULE',
      'WEBHOOK_POLL_INTERVAL',
      'AUTH_LINK_BY_EMAIL',
      'AUTH_LIMIT_DIRECT_USER',
    ],
    gateway: ['AUTH_SAME_SITE', 'AUTH_SECURE_COOKIES', 'GATEWAY_UPSTREAM_TIMEOUT'],
    payment: ['PAYMENT_LIMIT_1_DAY', 'PAYMENT_LIMIT_30_DAYS', 'PAYMENT_LIMIT_BALANCE', 'PAYMENT_MAX_CARDS_PER_OWNER'],
    avatar: ['AVATAR_FETCH_TIMEOUT', 'AVATAR_FETCH_BUDGET'],
    'telegram-bot': ['TELEGRAM_CONFIRM', 'TELEGRAM_SITE_NAME', 'TELEGRAM_WEBHOOK_URL', 'TELEGRAM_WEBHOOK_SECRET'],
  };
  for (const [service, names] of Object.entries(named)) {
    const env = compose.services[service]?.environment ?? {};
    expect({ service, missing: names.filter((n) => !(n in env)) }).toEqual({ service, missing: [] });
  }
});
