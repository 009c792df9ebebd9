import { setTimeout as sleep } from 'node:timers/promises';
import { Closers, openInternalAuth } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { Metrics, serveMetrics, watchRedis } from '@gatehouse/metrics';
import { openRedis } from '@gatehouse/redis';
import { RecordSeal } from '@gatehouse/token';
import type { Redis } from 'ioredis';
import { type AvatarSaver, LoginBot } from './bot';
import { type BotApi, HttpBotApi } from './botapi';
import type { TelegramConfig } from './config';
import { connectAvatarSaver } from './grpc/avatar-client';
import { startTelegramServer } from './grpc/server';
import { LocalPollerLease, type PollerLease, RedisPollerLease } from './lease';
import { MemoryLoginRequestStore } from './memory-requests';
import { botRecorder, watchedLease } from './metrics';
import { Poller } from './poller';
import { RedisLoginRequestStore } from './redis-requests';
import type { LoginRequestStore } from './requests';
import { MemoryUpdateLog, RedisUpdateLog, type UpdateLog } from './update-log';

/** What the login requests' key is derived from the bot token for (see RecordSeal.derive). */
const REQUEST_SEAL_PURPOSE = 'telegram login requests';

/** Parts a test may replace; everything else comes from the config. */
export interface TelegramServiceOverrides {
  log?: Logger;
  api?: BotApi;
  avatars?: AvatarSaver;
  backoffMinMs?: number;
  backoffMaxMs?: number;
}

export interface RunningTelegramService {
  port: number;
  bot?: LoginBot;
  poller?: Poller;
  stop(): Promise<void>;
}

/**
 * The composition root of the telegram-bot service: config → clients → stores → domain → server, then
 * the run loop (polling under a Redis lease, or setWebhook in webhook mode). Without a bot token only
 * the server runs, and its RPCs say no bot is configured. Each part is registered with the process's
 * closers as it opens, so a start that fails halfway and stop() close what is open, the last opened
 * first: the run loop, then the server, then the clients under them.
 */
export async function startTelegramService(
  config: TelegramConfig,
  overrides: TelegramServiceOverrides = {},
): Promise<RunningTelegramService> {
  const log = overrides.log ?? createLogger({ name: 'telegram-bot', level: config.logLevel });
  const closers = new Closers(log);
  const stop = () => closers.closeAll();
  return closers.starting(async (): Promise<RunningTelegramService> => {
    const internalAuth = closers.open(
      'internal auth',
      await openInternalAuth(config.internalKeysDir, 'telegram-bot', ['avatar'], log),
      (a) => a?.close(),
    );
    // Metrics cost nothing when off: no registry, no recorder, the lease unwrapped.
    const metrics = config.metricsPort ? new Metrics('telegram-bot') : undefined;
    if (metrics)
      closers.open(
        'metrics server',
        await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 }),
        (m) => m?.stop(),
      );
    if (!config.botToken) {
      log.warn('TELEGRAM_BOT_TOKEN is unset: the telegram login is off');
      const server = closers.open(
        'gRPC server',
        await startTelegramServer({
          host: config.grpcHost,
          port: config.grpcPort,
          log,
          internalAuth,
          providerName: config.providerName,
          metrics,
        }),
        (s) => s.shutdown(),
      );
      return { port: server.port, stop };
    }

    let redis: Redis | undefined;
    let store: LoginRequestStore;
    let lease: PollerLease;
    let updateLog: UpdateLog;
    if (config.redisUrl) {
      const r = closers.open(
        'Redis',
        openRedis(config.redisConnection ?? config.redisUrl, log, { commandTimeoutMs: 2000 }),
        (c) => c.disconnect(),
      );
      redis = r;
      // Requests are sealed with a key derived from the bot token, which only this workload holds:
      // whoever else reaches Redis cannot write one that logs anybody in.
      const seal = new RecordSeal(RecordSeal.derive(config.botToken, REQUEST_SEAL_PURPOSE));
      store = new RedisLoginRequestStore(r, config.redisKeyPrefix, seal);
      lease = new RedisPollerLease(r, config.redisKeyPrefix, config.leaseTtlMs);
      updateLog = new RedisUpdateLog(r, config.redisKeyPrefix);
    } else {
      log.warn('REDIS_URL is unset: login requests live in this process only (development only; one instance)');
      store = new MemoryLoginRequestStore();
      lease = new LocalPollerLease();
      updateLog = new MemoryUpdateLog();
    }
    if (metrics) {
      lease = watchedLease(lease, metrics);
      if (redis) watchRedis(metrics, 'telegram-bot', redis);
    }

    let avatars = overrides.avatars;
    if (!avatars) {
      const client = closers.open('avatar client', connectAvatarSaver(config.avatarAddr, internalAuth, metrics), (c) =>
        c.close(),
      );
      avatars = client.saver;
    }

    const api = overrides.api ?? new HttpBotApi({ baseUrl: config.apiUrl, token: config.botToken });
    const bot = new LoginBot({
      api,
      store,
      avatars,
      log,
      providerName: config.providerName,
      successMsg: config.successMsg,
      errorMsg: config.errorMsg,
      requestLifetimeMs: config.requestLifetimeMs,
      confirm: config.confirm,
      siteName: config.siteName,
      recorder: metrics && botRecorder(metrics),
    });

    const server = closers.open(
      'gRPC server',
      await startTelegramServer({
        host: config.grpcHost,
        port: config.grpcPort,
        log,
        bot,
        webhookSecret: config.webhookSecret,
        updateLog,
        internalAuth,
        providerName: config.providerName,
        checkDependencies: redis ? async () => (await redis.ping()) === 'PONG' : undefined,
        metrics,
      }),
      (s) => s.shutdown(),
    );

    let poller: Poller | undefined;
    if (config.webhookSecret) {
      const stopping = new AbortController();
      const done = registerWebhook(api, bot, config, log, stopping.signal);
      closers.add('webhook registration', async () => {
        stopping.abort();
        await done;
      });
    } else {
      const p = new Poller({
        api,
        bot,
        lease,
        log,
        pollTimeoutMs: config.pollTimeoutMs,
        leaseTtlMs: config.leaseTtlMs,
        backoffMinMs: overrides.backoffMinMs,
        backoffMaxMs: overrides.backoffMaxMs,
      });
      poller = p;
      p.start();
      closers.add('poller', () => p.stop());
    }
    return { port: server.port, bot, poller, stop };
  });
}

/** Webhook mode: fetch the bot name and, when a URL is configured, point Telegram at it; retried until it works. */
async function registerWebhook(
  api: BotApi,
  bot: LoginBot,
  config: TelegramConfig,
  log: Logger,
  signal: AbortSignal,
): Promise<void> {
  for (let attempt = 1; !signal.aborted; attempt++) {
    try {
      await bot.botName();
      if (config.webhookUrl && config.webhookSecret) await api.setWebhook(config.webhookUrl, config.webhookSecret);
      log.info({ webhook: Boolean(config.webhookUrl) }, 'telegram webhook mode ready');
      return;
    } catch (err) {
      log.warn({ err, attempt }, 'telegram webhook setup failed; retrying');
      await sleep(Math.min(60_000, 1000 * 2 ** attempt), undefined, { signal }).catch(() => {});
    }
  }
}
