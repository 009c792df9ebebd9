// What keeps the compose stack's stores apart (issue 31), as problems found in the parsed compose file:
// one Postgres role and one Redis user per workload with a required password, no service given the
// superuser's password, Redis started with deploy/redis/users.acl, and each store on an internal network
// that only the workloads using it join. compose.test.ts checks the shipped file and broken copies.
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Service {
  environment?: Record<string, string>;
  networks?: string[] | Record<string, unknown>;
  network_mode?: string;
  entrypoint?: string[];
  command?: string[];
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition?: string }>;
  healthcheck?: { test?: string[] };
}
interface Compose {
  services: Record<string, Service>;
  networks?: Record<string, { internal?: boolean } | null>;
}

/** Who may be on each store's network: the store, its one-shot, and the workloads that use it. */
export const STORE_NETWORKS: Record<string, string[]> = {
  postgres: ['postgres', 'db-roles', 'auth', 'payment'],
  redis: ['redis', 'auth', 'telegram-bot', 'gateway'],
};
/** Each Postgres workload's role and the variable holding its password. */
const DATABASE_LOGINS: Record<string, [string, string]> = {
  auth: ['gatehouse_auth', 'AUTH_DATABASE_PASSWORD'],
  payment: ['gatehouse_payment', 'PAYMENT_DATABASE_PASSWORD'],
};
/** Each Redis workload's user and the variable holding its password. */
const REDIS_LOGINS: Record<string, [string, string]> = {
  auth: ['auth', 'AUTH_REDIS_PASSWORD'],
  'telegram-bot': ['telegram-bot', 'TELEGRAM_REDIS_PASSWORD'],
  gateway: ['gateway', 'GATEWAY_REDIS_PASSWORD'],
};
const ACL = readFileSync(path.join(__dirname, '..', 'deploy', 'redis', 'users.acl'), 'utf8');

const networksOf = (s: Service) => (Array.isArray(s.networks) ? s.networks : Object.keys(s.networks ?? {}));
const required = (name: string) => `\${${name}:?`;

export function storeProblems(compose: Compose): string[] {
  const problems: string[] = [];
  const services = compose.services;
  for (const [name, service] of Object.entries(services)) {
    if (service.network_mode !== 'none' && networksOf(service).length === 0)
      problems.push(`${name}: on no network of its own (the default network would join it to every other service)`);
    const env = service.environment ?? {};
    if (
      name !== 'postgres' &&
      name !== 'db-roles' &&
      Object.values(env).some((v) => String(v).includes('POSTGRES_PASSWORD'))
    )
      problems.push(`${name}: is given POSTGRES_PASSWORD (the superuser's), which only postgres and db-roles may hold`);
    if (env.DATABASE_URL !== undefined && !(name in DATABASE_LOGINS))
      problems.push(`${name}: has a DATABASE_URL, but no role of its own`);
    if (env.REDIS_URL !== undefined && !(name in REDIS_LOGINS))
      problems.push(`${name}: has a REDIS_URL, but no user of its own`);
  }
  for (const [network, members] of Object.entries(STORE_NETWORKS)) {
    if (compose.networks?.[network]?.internal !== true)
      problems.push(`network ${network}: not internal (a store needs no way out, and gives none)`);
    for (const [name, service] of Object.entries(services))
      if (networksOf(service).includes(network) && !members.includes(name))
        problems.push(`network ${network}: ${name} is on it, but only ${members.join(', ')} may be`);
    if (services[network]?.ports?.length) problems.push(`${network}: publishes a port`);
  }

  for (const [name, [role, variable]] of Object.entries(DATABASE_LOGINS)) {
    const url = services[name]?.environment?.DATABASE_URL ?? '';
    const user = /^postgres:\/\/([^:@/]+)[:@]/.exec(url)?.[1];
    if (user !== role) problems.push(`${name}: DATABASE_URL logs in as ${user}, not ${role}`);
    if (!url.includes(required(variable)))
      problems.push(`${name}: DATABASE_URL needs ${required(variable)}...} (no default)`);
    if (services[name]?.depends_on?.['db-roles']?.condition !== 'service_completed_successfully')
      problems.push(`${name}: does not wait for db-roles to complete`);
  }
  const roles = services['db-roles'];
  if (roles?.command?.join(' ') !== 'node db-roles.js') problems.push('db-roles: does not run node db-roles.js');
  for (const [, variable] of Object.values(DATABASE_LOGINS))
    if (!roles?.environment?.[variable]?.startsWith(required(variable)))
      problems.push(`db-roles: ${variable} is not given as ${required(variable)}...}`);
  if (!roles?.environment?.DATABASE_ADMIN_URL?.includes(required('POSTGRES_PASSWORD')))
    problems.push('db-roles: DATABASE_ADMIN_URL is not the superuser with POSTGRES_PASSWORD');

  const redis = services.redis;
  if (
    redis?.entrypoint?.join(' ') !== 'sh /etc/gatehouse/redis/entrypoint.sh' ||
    !redis.volumes?.includes('./deploy/redis:/etc/gatehouse/redis:ro')
  )
    problems.push('redis: not started by deploy/redis/entrypoint.sh with deploy/redis/users.acl');
  if (!redis?.healthcheck?.test?.join(' ').includes('--user health'))
    problems.push('redis: the health check does not log in as the PING-only user health');
  for (const [name, [user, variable]] of Object.entries(REDIS_LOGINS)) {
    const url = services[name]?.environment?.REDIS_URL ?? '';
    if (!url.startsWith(`redis://${user}:${required(variable)}`))
      problems.push(`${name}: REDIS_URL needs ${required(variable)}...} as user ${user}`);
    if (!redis?.environment?.[variable]?.startsWith(required(variable)))
      problems.push(`redis: ${variable} is not given as ${required(variable)}...}`);
    if (!ACL.includes(`user ${user} on #\${${variable}} resetkeys ~`))
      problems.push(`deploy/redis/users.acl: no user ${user} with the password ${variable} and its own keys`);
  }
  return problems;
}
