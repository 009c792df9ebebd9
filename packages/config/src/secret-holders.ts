// Which workload may hold which secret: one allow-list, read by `pnpm start` to give each process only
// its own (its other settings are the ones its schema declares, declared-settings.ts), and checked
// against the compose file and the Kubernetes manifests (test/secret-holders.test.ts); a declared
// setting that reads as a secret must be listed here (test/documented-variables.test.ts).

export type Workload = 'gateway' | 'auth' | 'avatar' | 'telegram-bot' | 'payment';
export const WORKLOADS: readonly Workload[] = ['gateway', 'auth', 'avatar', 'telegram-bot', 'payment'];

const REDIS_CLIENTS: readonly Workload[] = ['auth', 'telegram-bot', 'gateway'];

/** Every secret setting, and the workloads that hold it (none: an input of the deployment only). */
export const SECRET_HOLDERS: Readonly<Record<string, readonly Workload[]>> = {
  // Token signing: auth signs, the gateway verifies (HS256 needs the secret; with ES256/EdDSA the
  // gateway's AUTH_SIGNING_KEYS_FILE is the public half).
  AUTH_SECRET: ['auth', 'gateway'],
  AUTH_SECRET_PREVIOUS: ['auth', 'gateway'],
  AUTH_SECRETS_FILE: ['auth', 'gateway'],
  AUTH_SIGNING_KEYS_FILE: ['auth', 'gateway'],
  // TOTP secrets are sealed and opened by auth alone.
  AUTH_TOTP_KEY: ['auth'],
  AUTH_TOTP_KEY_PREVIOUS: ['auth'],
  AUTH_SMTP_PASSWORD: ['auth'],
  // The CAPTCHA provider's siteverify secret: only auth verifies tokens.
  AUTH_CAPTCHA_SECRET: ['auth'],
  // Admin basic auth is checked by the gateway.
  AUTH_ADMIN_PASSWD: ['gateway'],
  // The stores: a URL with its login, each workload its own (compose and pnpm start give each its role).
  DATABASE_URL: ['auth', 'payment'],
  AUTH_AVATAR_STORE: ['avatar'],
  REDIS_URL: REDIS_CLIENTS,
  REDIS_SENTINEL_PASSWORD: REDIS_CLIENTS,
  REDIS_TLS_KEY_FILE: REDIS_CLIENTS,
  // The processor's keys: only payment talks to Braintree and verifies its notifications.
  PROCESSOR_MERCHANT_ID: ['payment'],
  PROCESSOR_PUBLIC_KEY: ['payment'],
  PROCESSOR_PRIVATE_KEY: ['payment'],
  // The bot's whole credential, and the secret Telegram sends with webhook updates.
  TELEGRAM_BOT_TOKEN: ['telegram-bot'],
  TELEGRAM_WEBHOOK_SECRET: ['telegram-bot'],
  // Inputs of the deployment that become the URLs above: no process reads them.
  POSTGRES_PASSWORD: [],
  AUTH_DATABASE_PASSWORD: [],
  PAYMENT_DATABASE_PASSWORD: [],
  AUTH_REDIS_PASSWORD: [],
  TELEGRAM_REDIS_PASSWORD: [],
  GATEWAY_REDIS_PASSWORD: [],
  GRAFANA_ADMIN_PASSWORD: [],
};

/**
 * A name that reads as a secret. `PRIVATE` alone is no sign of one: WEBHOOK_ALLOW_PRIVATE and
 * AVATAR_ALLOW_PRIVATE_HOSTS are switches (a private key ends in `_KEY`).
 */
export function looksSecret(name: string): boolean {
  // PASSWORD at the end only: AUTH_PASSWORD_SIGNUP and the other settings of password accounts are switches.
  return /SECRET|PASSWORD$|PASSWD$|_TOKEN$|_KEY$|_KEY_PREVIOUS$/.test(name);
}

/** Whether a deployment may give `workload` the variable `name`: anything that is no secret, and its own secrets. */
export function mayHold(workload: Workload, name: string, alsoFor?: ReadonlySet<string>): boolean {
  const holders = SECRET_HOLDERS[name];
  if (holders) return holders.includes(workload);
  if (alsoFor?.has(name)) return true;
  return !looksSecret(name);
}

/**
 * The variables a config file (AUTH_CONFIG) names as secrets for the auth service to read: `"${NAME}"`
 * and `clientSecretEnv: NAME` (the providers' client secrets, Apple's key).
 */
export function secretsNamedIn(configText: string): Set<string> {
  const names = new Set<string>();
  for (const m of configText.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)) names.add(m[1] ?? '');
  for (const m of configText.matchAll(/clientSecretEnv["']?\s*:\s*["']?([A-Z][A-Z0-9_]*)/g)) names.add(m[1] ?? '');
  names.delete('');
  return names;
}
