// The variables each workload reads: exactly the keys of its settings schema (its config module's
// `declaredSettings`; test/documented-variables.test.ts fails on any difference), kept here as plain
// lists so that `pnpm start` can give each process its own settings without loading five services'
// configuration code. A secret is given by SECRET_HOLDERS instead: only to the workloads listed for it.
import { SECRET_HOLDERS, type Workload } from './secret-holders';

/** Token settings: the auth service signs with them, the gateway verifies (tokenSettingsShape). */
const TOKEN = [
  'AUTH_SECRET',
  'AUTH_SECRETS_FILE',
  'AUTH_JWT_ALG',
  'AUTH_SIGNING_KEYS_FILE',
  'AUTH_SECRET_PREVIOUS',
  'AUTH_TOKEN_DURATION',
  'AUTH_COOKIE_DURATION',
  'AUTH_ISSUER',
  'AUTH_URL',
  'AUTH_AUDIENCES',
  'AUTH_AVATAR_ROUTE_PATH',
  'AUTH_ALLOWED_REDIRECT_HOSTS',
  'AUTH_LOGIN_HANDLERS',
];
/** REDIS_URL with its key prefix, TLS files and Sentinel (redisSettingsShape). */
const REDIS = [
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'REDIS_TLS_CA_FILE',
  'REDIS_TLS_CERT_FILE',
  'REDIS_TLS_KEY_FILE',
  'REDIS_SENTINELS',
  'REDIS_SENTINEL_NAME',
  'REDIS_SENTINEL_PASSWORD',
];
/** The application hooks (hooksSettingsShape). */
const HOOKS = ['AUTH_HOOKS_ADDR', 'AUTH_HOOKS', 'AUTH_HOOKS_TIMEOUT'];
/** What every process reads: its logs, its metrics listener, its internal keys. */
const EVERY = ['LOG_LEVEL', 'LOG_FORMAT', 'METRICS_PORT', 'METRICS_HOST', 'INTERNAL_KEYS_DIR'];
const POOL = ['DATABASE_POOL_MAX', 'DATABASE_TRANSACTION_POOLING'];

export const DECLARED_SETTINGS: Readonly<Record<Workload, readonly string[]>> = {
  gateway: [
    ...TOKEN,
    ...EVERY,
    ...REDIS,
    ...HOOKS,
    'GATEWAY_HOST',
    'GATEWAY_PORT',
    'AUTH_GRPC_ADDR',
    'AUTH_GRPC_PORT',
    'AVATAR_GRPC_ADDR',
    'AVATAR_GRPC_PORT',
    'TELEGRAM_GRPC_ADDR',
    'TELEGRAM_GRPC_PORT',
    'PAYMENT_GRPC_ADDR',
    'PAYMENT_GRPC_PORT',
    'ADMIN_ADDR',
    'ADMIN_ALLOW_REMOTE',
    'ADMIN_TLS_CERT_FILE',
    'ADMIN_TLS_KEY_FILE',
    'AUTH_ADMIN_USERS',
    'AUTH_ADMIN_PASSWD',
    'AUTH_SAME_SITE',
    'AUTH_SECURE_COOKIES',
    'GATEWAY_TRUSTED_PROXIES',
    'AUTH_CONFIG',
    'GATEWAY_UPSTREAM_TIMEOUT',
    'GATEWAY_SHUTDOWN_TIMEOUT',
  ],
  auth: [
    ...TOKEN,
    ...EVERY,
    ...REDIS,
    ...HOOKS,
    ...POOL,
    'AUTH_CONFIG',
    'AUTH_GRPC_PORT',
    'GRPC_HOST',
    'AVATAR_GRPC_ADDR',
    'AVATAR_GRPC_PORT',
    'PAYMENT_GRPC_ADDR',
    'PAYMENT_GRPC_PORT',
    'AUTH_DEV_PROVIDER',
    'AUTH_DEV_HOST',
    'AUTH_DEV_PORT',
    'AUTH_DEV_URL',
    'AUTH_DEV_EMAIL_DOMAIN',
    'AUTH_PROVIDER_TIMEOUT',
    'DATABASE_URL',
    'AUTH_LINK_BY_EMAIL',
    'AUTH_TOTP_KEY',
    'AUTH_TOTP_KEY_PREVIOUS',
    'AUDIT_RETENTION',
    'WEBHOOK_RETRY_SCHEDULE',
    'WEBHOOK_POLL_INTERVAL',
    'WEBHOOK_ALLOW_PRIVATE',
    'AUTH_OIDC_PROVIDER',
    'AUTH_OIDC_ACCESS_TOKEN_TTL',
    'AUTH_OIDC_REFRESH_IDLE',
    'AUTH_OIDC_REFRESH_ABSOLUTE',
    'AUTH_OIDC_ALLOW_PRIVATE',
    'AUTH_OIDC_DEVICE_CODE_TTL',
    'AUTH_OIDC_DEVICE_POLL_INTERVAL',
    'AUTH_OIDC_DEMO_CLIENT',
    'AUTH_SMTP_PASSWORD',
    'AUTH_LIMIT_DIRECT_USER',
    'AUTH_LIMIT_DIRECT_IP',
    'AUTH_LIMIT_DIRECT_USER_ALL',
    'AUTH_LIMIT_VERIFY_ADDRESS',
    'AUTH_LIMIT_VERIFY_IP',
    'AUTH_MAX_SESSIONS',
    'AUTH_ORG_CREATE',
    'AUTH_ORG_INVITATION_TTL',
  ],
  avatar: [
    ...EVERY,
    ...POOL,
    'GRPC_HOST',
    'AVATAR_GRPC_PORT',
    'AUTH_AVATAR_STORE',
    'AUTH_AVATAR_RESIZE_LIMIT',
    'AVATAR_ALLOW_PRIVATE_HOSTS',
    'AVATAR_FETCH_TIMEOUT',
    'AVATAR_FETCH_ATTEMPTS',
    'AVATAR_FETCH_RETRY_DELAY',
    'AVATAR_FETCH_BUDGET',
  ],
  'telegram-bot': [
    ...EVERY,
    ...REDIS,
    'GRPC_HOST',
    'TELEGRAM_GRPC_PORT',
    'TELEGRAM_BOT_TOKEN',
    'TELEGRAM_API_URL',
    'TELEGRAM_PROVIDER_NAME',
    'TELEGRAM_SUCCESS_MSG',
    'TELEGRAM_ERROR_MSG',
    'TELEGRAM_CONFIRM',
    'TELEGRAM_SITE_NAME',
    'AUTH_URL',
    'TELEGRAM_WEBHOOK_URL',
    'TELEGRAM_WEBHOOK_SECRET',
    'TELEGRAM_POLL_TIMEOUT',
    'TELEGRAM_LEASE_TTL',
    'TELEGRAM_REQUEST_LIFETIME',
    'AVATAR_GRPC_ADDR',
    'AVATAR_GRPC_PORT',
  ],
  payment: [
    ...EVERY,
    ...POOL,
    'DATABASE_URL',
    'GRPC_HOST',
    'PAYMENT_GRPC_PORT',
    'PAYMENT_SETTINGS',
    'PROCESSOR_MERCHANT_ID',
    'PROCESSOR_PUBLIC_KEY',
    'PROCESSOR_PRIVATE_KEY',
    'PROCESSOR_ENVIRONMENT',
    'PROCESSOR_GATEWAY_URL',
    'PROCESSOR_TIMEOUT',
    'PAYMENT_DEV_PROCESSOR',
    'PAYMENT_DEV_PROCESSOR_PORT',
    'PAYMENT_DEV_SETTLE_AFTER',
    'PAYMENT_DEV_WEBHOOK_URL',
    'PAYMENT_REFUNDS_FREE_LIMITS',
    'PAYMENT_RECONCILE_AFTER',
    'PAYMENT_RECONCILE_INTERVAL',
    'PAYMENT_RECONCILE_LOOKBACK',
    'PAYMENT_MAX_CARDS_PER_OWNER',
    'PAYMENT_LIMIT_1_DAY',
    'PAYMENT_LIMIT_30_DAYS',
    'PAYMENT_LIMIT_365_DAYS',
    'PAYMENT_LIMIT_BALANCE',
  ],
};

/**
 * Whether `workload` is given the variable `name`: a listed secret only where SECRET_HOLDERS lists it,
 * any other setting where the workload's schema declares it.
 */
export function givenTo(workload: Workload, name: string): boolean {
  const holders = SECRET_HOLDERS[name];
  return holders ? holders.includes(workload) : DECLARED_SETTINGS[workload].includes(name);
}

/** Whether some workload reads `name` (declares it, or is listed for it as a secret). */
export function declaredByAny(name: string): boolean {
  return Object.values(DECLARED_SETTINGS).some((names) => names.includes(name)) || name in SECRET_HOLDERS;
}
