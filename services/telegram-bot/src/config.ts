import {
  ConfigError,
  duration,
  grpcAddress,
  logFormat,
  logLevel,
  optionalText,
  port,
  sharedStoreProblem,
  validateConfig,
  z,
} from '@gatehouse/config';
import { type RedisConnection, redisSettingsShape, resolveRedisConnection } from '@gatehouse/redis';

/** Telegram's limit for a bot token is not documented; this is the shape BotFather issues: "<id>:<secret>". */
const BOT_TOKEN = /^\d+:[A-Za-z0-9_-]{20,}$/;

const schema = z
  .object({
    GRPC_HOST: z.string().default('127.0.0.1'),
    INTERNAL_KEYS_DIR: optionalText(),
    TELEGRAM_GRPC_PORT: port(50053),
    METRICS_PORT: port(9463),
    /** The metrics listener's address: loopback unless asked, whatever the service's own host is. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: logLevel(),
    LOG_FORMAT: logFormat(),
    // Without a token the service stays off: it starts and answers health, its RPCs say no bot is configured.
    TELEGRAM_BOT_TOKEN: optionalText().refine((t) => t === undefined || BOT_TOKEN.test(t), {
      message: 'is not a bot token as @BotFather issues it ("123456:ABC...")',
    }),
    TELEGRAM_API_URL: z
      .url({ protocol: /^https?$/ })
      .default('https://api.telegram.org')
      .transform((u) => u.replace(/\/+$/, '')),
    TELEGRAM_PROVIDER_NAME: z
      .string()
      .regex(/^[a-z0-9_-]{1,32}$/, 'must be 1-32 characters of a-z 0-9 _ -')
      .default('telegram'),
    TELEGRAM_SUCCESS_MSG: z.string().min(1).default('✅ You have successfully authenticated, check the web!'),
    TELEGRAM_ERROR_MSG: z.string().min(1).default('❌ Invalid auth request. Please try clicking link again.'),
    // How a /start is confirmed (issue 16, part 3): Confirm/Cancel buttons in the chat, or a code the bot
    // sends and the browser that started the login must post. Either way /start alone logs nobody in.
    TELEGRAM_CONFIRM: z.enum(['button', 'code']).default('button'),
    // The site the bot names in its confirmation message. Taken from configuration, never from the
    // browser's request: whoever starts a login (maybe an attacker) would otherwise choose what it says.
    TELEGRAM_SITE_NAME: optionalText(),
    AUTH_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:8080'),
    // Webhook mode: Telegram POSTs updates to TELEGRAM_WEBHOOK_URL (the gateway's /auth/<provider>/callback,
    // forwarded here); the secret is checked against X-Telegram-Bot-Api-Secret-Token. Polling otherwise.
    TELEGRAM_WEBHOOK_URL: optionalText().pipe(z.url({ protocol: /^https$/ }).optional()),
    TELEGRAM_WEBHOOK_SECRET: optionalText().refine((s) => s === undefined || /^[A-Za-z0-9_-]{16,256}$/.test(s), {
      message: 'must be 16-256 characters of A-Z a-z 0-9 _ - (Telegram allows no others)',
    }),
    // Long-poll length asked of Telegram (getUpdates timeout), and how long the poller lease lives unrenewed.
    TELEGRAM_POLL_TIMEOUT: duration('30s'),
    TELEGRAM_LEASE_TTL: duration('20s'),
    TELEGRAM_REQUEST_LIFETIME: duration('10m'),
    REDIS_URL: optionalText(),
    // Not under auth's `gatehouse:`: each workload's Redis user is confined to a prefix of its own, and
    // one prefix must not begin with another (docs/deployment.md).
    REDIS_KEY_PREFIX: z.string().default('gatehouse-telegram:'),
    ...redisSettingsShape,
    AVATAR_GRPC_ADDR: optionalText(),
    AVATAR_GRPC_PORT: port(50052),
  })
  .superRefine((c, ctx) => {
    if (c.TELEGRAM_WEBHOOK_URL && !c.TELEGRAM_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEGRAM_WEBHOOK_SECRET'],
        message: 'is required with TELEGRAM_WEBHOOK_URL (anyone could post updates otherwise)',
      });
    }
  });

/**
 * The variables this process reads, every one: `pnpm start` gives it these (and the secrets it is listed
 * for), no others (packages/config/src/declared-settings.ts, checked equal by test/documented-variables.test.ts).
 */
export const declaredSettings: readonly string[] = Object.keys(schema.shape);

export interface TelegramConfig {
  grpcHost: string;
  /** Internal authentication keys (INTERNAL_KEYS_DIR); unset: loopback-only, unauthenticated. */
  internalKeysDir?: string;
  grpcPort: number;
  /** Prometheus `GET /metrics` port on the gRPC host; 0 (or unset in a config built in code): off. */
  metricsPort?: number;
  metricsHost: string;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  /** Undefined: no bot, the service is off. */
  botToken?: string;
  apiUrl: string;
  providerName: string;
  successMsg: string;
  errorMsg: string;
  confirm: 'button' | 'code';
  /** TELEGRAM_SITE_NAME, else the host of AUTH_URL. */
  siteName: string;
  webhookUrl?: string;
  webhookSecret?: string;
  pollTimeoutMs: number;
  leaseTtlMs: number;
  requestLifetimeMs: number;
  redisUrl?: string;
  /** REDIS_URL with its TLS files and Sentinel settings (unset in a config built in code: the URL alone). */
  redisConnection?: RedisConnection;
  redisKeyPrefix: string;
  avatarAddr: string;
}

/** Reads and validates the telegram-bot service's settings; throws one error listing every problem. */
export function loadTelegramConfig(env: Record<string, string | undefined>): TelegramConfig {
  const c = validateConfig('telegram-bot', schema, env);
  const problems: string[] = [];
  const redisConnection = resolveRedisConnection(c, problems);
  const unshared = sharedStoreProblem('GRPC_HOST', c.GRPC_HOST, c.REDIS_URL, 'login requests and the polling lease');
  if (unshared) problems.push(unshared);
  if (problems.length > 0) throw new ConfigError('telegram-bot', problems);
  return {
    grpcHost: c.GRPC_HOST,
    internalKeysDir: c.INTERNAL_KEYS_DIR,
    grpcPort: c.TELEGRAM_GRPC_PORT,
    metricsPort: c.METRICS_PORT,
    metricsHost: c.METRICS_HOST,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    botToken: c.TELEGRAM_BOT_TOKEN,
    apiUrl: c.TELEGRAM_API_URL,
    providerName: c.TELEGRAM_PROVIDER_NAME,
    successMsg: c.TELEGRAM_SUCCESS_MSG,
    errorMsg: c.TELEGRAM_ERROR_MSG,
    confirm: c.TELEGRAM_CONFIRM,
    siteName: c.TELEGRAM_SITE_NAME ?? new URL(c.AUTH_URL).host,
    webhookUrl: c.TELEGRAM_WEBHOOK_URL,
    webhookSecret: c.TELEGRAM_WEBHOOK_SECRET,
    pollTimeoutMs: c.TELEGRAM_POLL_TIMEOUT,
    leaseTtlMs: c.TELEGRAM_LEASE_TTL,
    requestLifetimeMs: c.TELEGRAM_REQUEST_LIFETIME,
    redisUrl: c.REDIS_URL,
    redisConnection,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    avatarAddr: grpcAddress(c.AVATAR_GRPC_ADDR, c.AVATAR_GRPC_PORT),
  };
}
