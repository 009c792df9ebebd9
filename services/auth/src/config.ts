import {
  ConfigError,
  duration,
  flag,
  grpcAddress,
  list,
  logFormat,
  logLevel,
  optionalText,
  poolSize,
  port,
  readStructuredFile,
  resolveTokenSettings,
  sharedStoreProblem,
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
import { redisSettingsShape, resolveRedisConnection } from '@gatehouse/redis';
import { linkByEmailProblems } from './directory/config';
import { type EventsSettings, eventsSettingsShape, resolveEventsSettings } from './events/config';
import {
  type DirectProviderConfig,
  limitSetting,
  resolveLoginSections,
  type VerifiedProviderConfig,
} from './login/config';
import type { DirectLimits } from './login/direct-login';
import type { VerifiedLimits } from './login/verified-login';
import { type OidcSettings, oidcSettingsShape, resolveOidcSettings } from './oidc/config';
import {
  type OrganizationsSettings,
  organizationsSettingsShape,
  resolveOrganizationsSettings,
} from './organizations/config';
import { type PasswordConfig, passwordSettingsShape, resolvePasswordSettings } from './passwords/config';
import { type ProviderConfig, parseProviders } from './providers/config';
import { type DevProviderSettings, loopbackFor } from './providers/dev';
import type { RedisSettings } from './stores/open';
import { resolveTotpSettings, type TotpSettings, totpSettingsShape } from './totp/config';

const envSchema = z.object({
  ...tokenSettingsShape,
  AUTH_CONFIG: optionalText(),
  AUTH_GRPC_PORT: port(50051),
  METRICS_PORT: port(9461),
  /** The metrics listener's address: loopback unless asked, whatever the service's own host is. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  GRPC_HOST: z.string().default('127.0.0.1'),
  INTERNAL_KEYS_DIR: optionalText(),
  AVATAR_GRPC_ADDR: optionalText(),
  AVATAR_GRPC_PORT: port(50052),
  /** The payment service: the admin API's DeleteUser asks it whether a card of the user holds money. */
  PAYMENT_GRPC_ADDR: optionalText(),
  PAYMENT_GRPC_PORT: port(50054),
  /** The development provider: any user name logs in. Never enable it where strangers can reach it. */
  AUTH_DEV_PROVIDER: flag(false),
  AUTH_DEV_HOST: z.string().default('127.0.0.1'),
  AUTH_DEV_PORT: port(8084),
  /** Base URL browsers use to reach the dev server, when it differs from http://<host>:<port>. */
  AUTH_DEV_URL: optionalText(),
  /** When set, the dev provider gives each user the email <name>@<domain> (the seed's email function). */
  AUTH_DEV_EMAIL_DOMAIN: optionalText(),
  /** Timeout of every call to a provider (token exchange, user info). */
  AUTH_PROVIDER_TIMEOUT: duration('10s'),
  ...hooksSettingsShape,
  /** Redis for one-time confirmation marks and abuse counters; unset: in-process (development only). */
  REDIS_URL: optionalText(),
  /**
   * Auth's key space (revocations, one-time marks, sessions, counters, the `ended-sessions` channel):
   * telegram-bot's and the gateway's defaults (`gatehouse-telegram:`, `gatehouse-gateway:`) do not
   * begin with it, so each workload's Redis user can be confined to its own prefix.
   */
  REDIS_KEY_PREFIX: z.string().default('gatehouse:'),
  /** TLS files and Sentinel for REDIS_URL (@gatehouse/redis). */
  ...redisSettingsShape,
  /** Postgres for passkeys (docs/accounts.md "Passkeys"); unset: the passkey provider is off. */
  DATABASE_URL: optionalText(),
  DATABASE_POOL_MAX: poolSize(5),
  DATABASE_TRANSACTION_POOLING: flag(false),
  /** Providers trusted to join a new login to the user with the same verified email (docs/accounts.md). */
  AUTH_LINK_BY_EMAIL: list(),
  /** TOTP second factor keys (totp/config.ts). */
  ...totpSettingsShape,
  /** The audit trail's retention and the webhooks' delivery (events/config.ts). */
  ...eventsSettingsShape,
  /** Gatehouse as an OpenID provider (oidc/config.ts). */
  ...oidcSettingsShape,
  /** Password accounts (passwords/config.ts). */
  ...passwordSettingsShape,
  /** Password of the verified providers' SMTP server (overrides smtp.password in AUTH_CONFIG). */
  AUTH_SMTP_PASSWORD: optionalText(),
  /** Abuse limits, <count>/<window>: direct login attempts, verification messages. */
  AUTH_LIMIT_DIRECT_USER: limitSetting('10/15m'),
  AUTH_LIMIT_DIRECT_IP: limitSetting('100/15m'),
  AUTH_LIMIT_DIRECT_USER_ALL: limitSetting('60/1m'),
  AUTH_LIMIT_VERIFY_ADDRESS: limitSetting('5/15m'),
  AUTH_LIMIT_VERIFY_IP: limitSetting('30/15m'),
  /**
   * Live sessions one user may have (sessions per device); a login past it ends the least recently
   * seen ones. 0: no cap.
   */
  AUTH_MAX_SESSIONS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no cap) or more')
    .max(10_000, 'must be at most 10000')
    .default(50),
  /** Organisations (organizations/config.ts): who creates them, how long an invitation lasts. */
  ...organizationsSettingsShape,
  LOG_LEVEL: logLevel(),
  LOG_FORMAT: logFormat(),
});

/**
 * The variables this process reads, besides those its AUTH_CONFIG file names (the providers' secrets):
 * `pnpm start` gives it these, the secrets it is listed for and the file's, no others
 * (packages/config/src/declared-settings.ts, checked equal by test/documented-variables.test.ts).
 */
export const declaredSettings: readonly string[] = Object.keys(envSchema.shape);

export interface AuthConfig {
  token: TokenSettings;
  grpc: { host: string; port: number };
  /** Prometheus `GET /metrics` port on the gRPC host; 0 (or unset in a config built in code): off. */
  metricsPort?: number;
  metricsHost: string;
  /** Internal authentication keys (INTERNAL_KEYS_DIR); unset: loopback-only, unauthenticated. */
  internalKeysDir?: string;
  avatarAddress: string;
  /** PAYMENT_GRPC_ADDR (or 127.0.0.1:PAYMENT_GRPC_PORT): the admin API's funds check. */
  paymentAddress?: string;
  dev: DevProviderSettings | undefined;
  /** The AUTH_CONFIG file's `providers` list, validated (providers/config.ts). */
  providers: ProviderConfig[];
  providerTimeoutMs: number;
  direct: DirectProviderConfig[];
  verified: VerifiedProviderConfig[];
  hooks: HooksSettings | undefined;
  redis: RedisSettings;
  /** DATABASE_URL: passkeys are stored there; undefined turns them off. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_MAX and DATABASE_TRANSACTION_POOLING (a transaction-mode PgBouncer in front). */
  database?: { poolMax: number; transactionPooling: boolean };
  /** AUTH_TOTP_KEY (and retired keys): with databaseUrl, the TOTP second factor can be set up. */
  totp?: TotpSettings;
  events?: EventsSettings;
  /** The OpenID provider (docs/openid-provider.md); off unless AUTH_OIDC_PROVIDER. */
  oidc?: OidcSettings;
  /** Password accounts (docs/password-accounts.md): on with DATABASE_URL. */
  passwords?: PasswordConfig;
  limits: { direct: DirectLimits; verified: VerifiedLimits };
  /** AUTH_MAX_SESSIONS: live sessions per user (0: no cap). */
  maxSessionsPerUser?: number;
  /** AUTH_LINK_BY_EMAIL: providers trusted for linking by verified email (the directory, with databaseUrl). */
  linkByEmail?: string[];
  /** Organisations: the role template (AUTH_CONFIG `organizations`) and AUTH_ORG_*; on with databaseUrl. */
  organizations?: OrganizationsSettings;
  logLevel: string;
  logFormat: 'json' | 'pretty';
}

/**
 * Reads the auth service's configuration: AUTH_CONFIG (JSON or YAML) first, then the environment on
 * top of it. Every problem is reported in one ConfigError.
 */
export function loadAuthConfig(env: Record<string, string | undefined>): AuthConfig {
  const problems: string[] = [];
  let fileSettings: Record<string, unknown> = {};
  if (env.AUTH_CONFIG) {
    try {
      const parsed = readStructuredFile(env.AUTH_CONFIG);
      if (parsed && typeof parsed === 'object') fileSettings = parsed as Record<string, unknown>;
      else problems.push(`AUTH_CONFIG: ${env.AUTH_CONFIG} must hold an object`);
    } catch (err) {
      problems.push(`AUTH_CONFIG: cannot read ${env.AUTH_CONFIG} (${(err as Error).message})`);
    }
  }
  // Scalar settings in the file use the environment names; the environment wins.
  const scalars = Object.fromEntries(
    Object.entries(fileSettings).filter(([k, v]) => /^[A-Z][A-Z0-9_]*$/.test(k) && typeof v !== 'object'),
  );
  const merged = { ...Object.fromEntries(Object.entries(scalars).map(([k, v]) => [k, String(v)])), ...env };
  const parsed = envSchema.safeParse(merged);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.') || 'config'}: ${issue.message}`);
    throw new ConfigError('auth', problems);
  }
  const raw = parsed.data;
  const hooks = resolveHooksSettings(raw, problems);
  const token = resolveTokenSettings(raw, problems);
  applySecretHookRules(hooks, token.audiences, problems, token.alg);
  const redisConnection = resolveRedisConnection(raw, problems);
  const totp = resolveTotpSettings(raw, problems);
  const events = resolveEventsSettings(raw, problems, totp);
  const oidc = resolveOidcSettings(raw, fileSettings.oidc, problems, totp);
  const organizations = resolveOrganizationsSettings(raw, fileSettings.organizations, problems);
  const passwords = resolvePasswordSettings(raw, fileSettings.password, hooks?.enabled ?? [], problems);
  // A replica with the key but no database would find no user with TOTP on and issue every login a
  // single-factor session: a replica that cannot check the second factor must not run at all.
  if (totp.key && !raw.DATABASE_URL) {
    problems.push(
      'AUTH_TOTP_KEY: needs DATABASE_URL (TOTP secrets are kept in Postgres; without it this replica could not tell which users must give a code)',
    );
  }
  const dev = raw.AUTH_DEV_PROVIDER
    ? {
        host: raw.AUTH_DEV_HOST,
        port: raw.AUTH_DEV_PORT,
        url: (raw.AUTH_DEV_URL ?? `http://${loopbackFor(raw.AUTH_DEV_HOST)}:${raw.AUTH_DEV_PORT}`).replace(/\/+$/, ''),
        emailDomain: raw.AUTH_DEV_EMAIL_DOMAIN,
      }
    : undefined;
  const providers = parseProviders(fileSettings.providers, env, problems, {
    loginHandlers: Object.keys(token.loginHandlers),
  });
  for (const p of providers.filter((p) => 'mapping' in p && p.mapping === 'hook')) {
    if (!hooks?.enabled.includes('map-user'))
      problems.push(`provider ${p.name}: mapping "hook" needs map-user in AUTH_HOOKS`);
  }
  const logins = resolveLoginSections(
    fileSettings,
    {
      hooks: hooks?.enabled ?? [],
      takenNames: [
        ...(dev ? ['dev'] : []),
        ...Object.keys(token.loginHandlers),
        ...providers.map((p) => p.name),
        ...['list', 'logout', 'user', 'status', 'avatar', 'passkey', 'totp', 'password'],
      ],
      smtpPassword: raw.AUTH_SMTP_PASSWORD,
    },
    problems,
  );
  const anyProvider =
    dev ||
    providers.length + Object.keys(token.loginHandlers).length + logins.direct.length + logins.verified.length > 0;
  if (!anyProvider)
    problems.push(
      'providers: none is configured; enable at least one (AUTH_DEV_PROVIDER=true for development, or direct/verified in AUTH_CONFIG)',
    );
  const unshared = sharedStoreProblem(
    'GRPC_HOST',
    raw.GRPC_HOST,
    raw.REDIS_URL,
    'one-time confirmation marks, dev login codes, logouts and attempt counters',
  );
  if (unshared) problems.push(unshared);
  problems.push(...linkByEmailProblems(raw.AUTH_LINK_BY_EMAIL, providers, !!dev, raw.DATABASE_URL));
  if (problems.length > 0) throw new ConfigError('auth', problems);
  return {
    token,
    grpc: { host: raw.GRPC_HOST, port: raw.AUTH_GRPC_PORT },
    metricsPort: raw.METRICS_PORT,
    metricsHost: raw.METRICS_HOST,
    internalKeysDir: raw.INTERNAL_KEYS_DIR,
    avatarAddress: grpcAddress(raw.AVATAR_GRPC_ADDR, raw.AVATAR_GRPC_PORT),
    paymentAddress: grpcAddress(raw.PAYMENT_GRPC_ADDR, raw.PAYMENT_GRPC_PORT),
    dev,
    providers,
    providerTimeoutMs: raw.AUTH_PROVIDER_TIMEOUT,
    direct: logins.direct,
    verified: logins.verified,
    hooks,
    redis: { url: raw.REDIS_URL, keyPrefix: raw.REDIS_KEY_PREFIX, connection: redisConnection },
    databaseUrl: raw.DATABASE_URL,
    database: { poolMax: raw.DATABASE_POOL_MAX, transactionPooling: raw.DATABASE_TRANSACTION_POOLING },
    totp,
    events,
    oidc,
    passwords,
    limits: {
      direct: {
        perUser: raw.AUTH_LIMIT_DIRECT_USER,
        perIp: raw.AUTH_LIMIT_DIRECT_IP,
        perUserAllClients: raw.AUTH_LIMIT_DIRECT_USER_ALL,
      },
      verified: { perAddress: raw.AUTH_LIMIT_VERIFY_ADDRESS, perIp: raw.AUTH_LIMIT_VERIFY_IP },
    },
    maxSessionsPerUser: raw.AUTH_MAX_SESSIONS,
    linkByEmail: raw.AUTH_LINK_BY_EMAIL,
    organizations,
    logLevel: raw.LOG_LEVEL,
    logFormat: raw.LOG_FORMAT,
  };
}
