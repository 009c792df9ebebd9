import {
  ConfigError,
  duration,
  flag,
  grpcAddress,
  logFormat,
  logLevel,
  optionalText,
  port,
  resolveTokenSettings,
  type TokenSettings,
  tokenSettingsShape,
  z,
} from '@gatehouse/config';
import {
  applySecretHookRules,
  type HooksSettings,
  hooksSettingsShape,
  resolveHooksSettings,
} from '@gatehouse/hooks-sdk';
import {
  MIN_ADMIN_PASSWORD_LENGTH,
  type RedisConnection,
  redisSettingsShape,
  resolveRedisConnection,
} from '@gatehouse/redis';
import { type AdminListenerConfig, adminListener } from './config-admin';
import { type ProxyRoute, readGatewayFile } from './config-file';

const envSchema = z.object({
  ...tokenSettingsShape,
  GATEWAY_HOST: z.string().default('127.0.0.1'),
  GATEWAY_PORT: port(8080),
  METRICS_PORT: port(9460),
  /** The metrics listener's address: loopback unless asked, whatever the service's own host is. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  INTERNAL_KEYS_DIR: optionalText(),
  AUTH_GRPC_ADDR: optionalText(),
  AUTH_GRPC_PORT: port(50051),
  AVATAR_GRPC_ADDR: optionalText(),
  AVATAR_GRPC_PORT: port(50052),
  TELEGRAM_GRPC_ADDR: optionalText(),
  TELEGRAM_GRPC_PORT: port(50053),
  PAYMENT_GRPC_ADDR: optionalText(),
  PAYMENT_GRPC_PORT: port(50054),
  /**
   * The admin listener (docs/accounts.md "Administration"): `host:port`, never the public port; `off`:
   * none. Loopback by default: it is for operators, not the public network.
   */
  ADMIN_ADDR: z.string().min(1).default('127.0.0.1:8081'),
  /** An ADMIN_ADDR beyond loopback is refused unless this is true, and then served over TLS only. */
  ADMIN_ALLOW_REMOTE: flag(false),
  /** The admin listener's certificate chain and key (PEM): HTTPS, required beyond loopback. */
  ADMIN_TLS_CERT_FILE: optionalText(),
  ADMIN_TLS_KEY_FILE: optionalText(),
  /**
   * Without those files, serve HTTPS with a certificate of its own (docs/admin-console.md): made at
   * start, kept in ADMIN_TLS_SELF_SIGNED_DIR when set (else in memory), its fingerprint logged.
   */
  ADMIN_TLS_SELF_SIGNED: flag(false),
  ADMIN_TLS_SELF_SIGNED_DIR: optionalText(),
  /** User ids (comma-separated) who may use the admin API with a cookie session, TOTP and a fresh login. */
  AUTH_ADMIN_USERS: optionalText(),
  /** Enables basic auth for user `admin` on protected routes. */
  AUTH_ADMIN_PASSWD: optionalText().refine((p) => p === undefined || p.length >= MIN_ADMIN_PASSWORD_LENGTH, {
    error: 'must be at least 12 characters (basic auth for admin can be guessed otherwise)',
  }),
  /**
   * Redis shared by every gateway: the admin basic-auth attempt counters. Unset: counted in this
   * process, which only a single development gateway on loopback may do.
   */
  REDIS_URL: optionalText(),
  /**
   * The gateway's own key space: it must not begin with auth's or telegram-bot's prefix (nor they with
   * it), so that each workload's Redis user can be confined to its own (docs/deployment.md).
   */
  REDIS_KEY_PREFIX: z.string().default('gatehouse-gateway:'),
  /** TLS files and Sentinel for REDIS_URL (@gatehouse/redis), as auth and telegram-bot read them. */
  ...redisSettingsShape,
  /** SameSite of the JWT and XSRF cookies. Lax keeps OAuth2 redirects working and stops cross-site POSTs. */
  AUTH_SAME_SITE: z.enum(['lax', 'strict', 'none']).default('lax'),
  /** Secure cookies; by default on exactly when AUTH_URL is https. */
  AUTH_SECURE_COOKIES: z.enum(['auto', 'true', 'false']).default('auto'),
  /** How many reverse proxies in front of the gateway append to X-Forwarded-For (0: trust none). */
  GATEWAY_TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  ...hooksSettingsShape,
  /** The config file: the gateway reads its direct/verified provider names and its proxied routes. */
  AUTH_CONFIG: optionalText(),
  /** Timeout of every call to an application upstream (proxied routes). */
  GATEWAY_UPSTREAM_TIMEOUT: duration('30s'),
  /** How long a SIGTERM lets in-flight requests finish before the remaining connections are closed. */
  GATEWAY_SHUTDOWN_TIMEOUT: duration('8s'),
  LOG_LEVEL: logLevel(),
  LOG_FORMAT: logFormat(),
});

/**
 * The variables this process reads, every one: `pnpm start` gives it these (and the secrets it is listed
 * for), no others (packages/config/src/declared-settings.ts, checked equal by test/documented-variables.test.ts).
 */
export const declaredSettings: readonly string[] = Object.keys(envSchema.shape);

export interface GatewayConfig {
  token: TokenSettings;
  host: string;
  port: number;
  /** Prometheus `GET /metrics` port on GATEWAY_HOST, never the public port; 0 or unset: off. */
  metricsPort?: number;
  metricsHost: string;
  addresses: { auth: string; avatar: string; telegram: string; payment: string };
  adminPassword: string | undefined;
  /** ADMIN_ADDR (and its TLS): where the admin surface listens; undefined when `off`. */
  admin: AdminListenerConfig | undefined;
  /** AUTH_ADMIN_USERS: the user ids that may act as admins by cookie session. */
  adminUsers: string[];
  /** REDIS_URL (unset: basic-auth attempts counted in this process), its TLS and Sentinel settings, REDIS_KEY_PREFIX. */
  redis: { url: string | undefined; connection?: RedisConnection; keyPrefix: string };
  cookies: { sameSite: 'lax' | 'strict' | 'none'; secure: boolean };
  trustedProxies: number;
  hooks: HooksSettings | undefined;
  /** Direct and verified providers: served by the auth service's LoginHandler. */
  builtInLogins: string[];
  routes: ProxyRoute[];
  upstreamTimeoutMs: number;
  shutdownTimeoutMs: number;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** Internal authentication keys (INTERNAL_KEYS_DIR); unset: calls carry no credential. */
  internalKeysDir: string | undefined;
}

/** 127.0.0.0/8, ::1 and localhost: an address no other machine reaches. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function loadGatewayConfig(env: Record<string, string | undefined>): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.') || 'config'}: ${issue.message}`);
    throw new ConfigError('gateway', problems);
  }
  const raw = parsed.data;
  const hooks = resolveHooksSettings(raw, problems);
  // The gateway only verifies: public keys in AUTH_SIGNING_KEYS_FILE are enough.
  const token = resolveTokenSettings(raw, problems, 'verify');
  applySecretHookRules(hooks, token.audiences, problems, token.alg);
  const file = readGatewayFile(raw.AUTH_CONFIG, problems);
  // Gatehouse's own areas stay its own: an application route may not shadow them.
  const reserved = ['/auth', token.avatarRoutePath, '/tokens', '/cards', '/health'];
  for (const route of file.routes) {
    const taken = reserved.find((r) => route.prefix === r || route.prefix.startsWith(`${r}/`));
    if (taken) problems.push(`AUTH_CONFIG routes: prefix ${route.prefix} is under Gatehouse's own ${taken}`);
  }
  for (const name of file.builtInLogins.filter((n) => n in token.loginHandlers)) {
    problems.push(`AUTH_LOGIN_HANDLERS: "${name}" is also a direct or verified provider in AUTH_CONFIG`);
  }
  const secure =
    raw.AUTH_SECURE_COOKIES === 'auto' ? token.url.startsWith('https:') : raw.AUTH_SECURE_COOKIES === 'true';
  if (raw.AUTH_SAME_SITE === 'none' && !secure) {
    problems.push('AUTH_SAME_SITE: none requires secure cookies (an https AUTH_URL or AUTH_SECURE_COOKIES=true)');
  }
  const admin = adminListener(raw, problems);
  const redisConnection = resolveRedisConnection(raw, problems);
  if (raw.AUTH_ADMIN_PASSWD && !raw.REDIS_URL && !isLoopbackHost(raw.GATEWAY_HOST)) {
    problems.push(
      'REDIS_URL: required with AUTH_ADMIN_PASSWD when GATEWAY_HOST is not loopback (every gateway must count basic-auth failures together)',
    );
  }
  if (problems.length > 0) throw new ConfigError('gateway', problems);
  return {
    token,
    host: raw.GATEWAY_HOST,
    port: raw.GATEWAY_PORT,
    metricsPort: raw.METRICS_PORT,
    metricsHost: raw.METRICS_HOST,
    addresses: {
      auth: grpcAddress(raw.AUTH_GRPC_ADDR, raw.AUTH_GRPC_PORT),
      avatar: grpcAddress(raw.AVATAR_GRPC_ADDR, raw.AVATAR_GRPC_PORT),
      telegram: grpcAddress(raw.TELEGRAM_GRPC_ADDR, raw.TELEGRAM_GRPC_PORT),
      payment: grpcAddress(raw.PAYMENT_GRPC_ADDR, raw.PAYMENT_GRPC_PORT),
    },
    adminPassword: raw.AUTH_ADMIN_PASSWD,
    admin,
    adminUsers: (raw.AUTH_ADMIN_USERS ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    redis: { url: raw.REDIS_URL, connection: redisConnection, keyPrefix: raw.REDIS_KEY_PREFIX },
    cookies: { sameSite: raw.AUTH_SAME_SITE, secure },
    trustedProxies: raw.GATEWAY_TRUSTED_PROXIES,
    hooks,
    builtInLogins: file.builtInLogins,
    routes: file.routes,
    upstreamTimeoutMs: raw.GATEWAY_UPSTREAM_TIMEOUT,
    shutdownTimeoutMs: raw.GATEWAY_SHUTDOWN_TIMEOUT,
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT,
    internalKeysDir: raw.INTERNAL_KEYS_DIR,
  };
}
