import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, openInternalAuth } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { Redis } from 'ioredis';
import { grpcAvatarSaver } from './avatar';
import { type AvatarSaver, describe, LoginBot } from './bot';
import { type BotApi, HttpBotApi } from './botapi';
import type { TelegramConfig } from './config';
import { LocalPollerLease, type PollerLease, RedisPollerLease } from './lease';
import { Poller } from './poller';
import {
  type LoginRequestStore,
  MemoryLoginRequestStore,
  MemoryUpdateLog,
  RedisLoginRequestStore,
  RedisUpdateLog,
  type UpdateLog,
} from './requests';
import { buildServer } from './server';

/** Parts a test may replace; everything else comes from the config. */
export interface Overrides {
  api?: BotApi;
  avatars?: AvatarSaver;
  backoffMinMs?: number;
  backoffMaxMs?: number;
}

export interface RunningTelegramBot {
  port: number;
  bot?: LoginBot;
  poller?: Poller;
  stop(): Promise<void>;
}

/**
 * Starts the telegram-bot service: config → clients → stores → domain → server, then the run loop
 * (polling under a Redis lease, or setWebhook in webhook mode). Without a bot token only the server
 * runs, and its RPCs say no bot is configured.
 */
export async function start(
  config: TelegramConfig,
  log: Logger,
  overrides: Overrides = {},
): Promise<RunningTelegramBot> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const c of cleanups.reverse()) await c();
  };
  try {
    const internalAuth = await openInternalAuth(config.internalKeysDir, 'telegram-bot', ['avatar']);
    cleanups.push(() => internalAuth?.close());
    if (!config.botToken) {
      log.warn('TELEGRAM_BOT_TOKEN is unset: the telegram login is off');
      const server = await buildServer({
        host: config.grpcHost,
        port: config.grpcPort,
        log,
        internalAuth,
        providerName: config.providerName,
      });
      cleanups.push(() => server.shutdown());
      return { port: server.port, stop };
    }

    let redis: Redis | undefined;
    let store: LoginRequestStore;
    let lease: PollerLease;
    let updateLog: UpdateLog;
    if (config.redisUrl) {
      const r = new Redis(config.redisUrl, { commandTimeout: 2000, connectTimeout: 2000, maxRetriesPerRequest: 1 });
      redis = r;
      // ioredis reconnects by itself; without a listener each failure would also print an unhandled-error line.
      r.on('error', (err: Error) => log.warn({ err: err.message }, 'redis connection error'));
      cleanups.push(() => r.disconnect());
      store = new RedisLoginRequestStore(r, config.redisKeyPrefix);
      lease = new RedisPollerLease(r, config.redisKeyPrefix, config.leaseTtlMs);
      updateLog = new RedisUpdateLog(r, config.redisKeyPrefix);
    } else {
      log.warn('REDIS_URL is unset: login requests live in this process only (development only; one instance)');
      store = new MemoryLoginRequestStore();
      lease = new LocalPollerLease();
      updateLog = new MemoryUpdateLog();
    }

    let avatars = overrides.avatars;
    if (!avatars) {
      const { grpcObject } = loadProto('avatar');
      const client = createClient(grpcObject.avatar.v1.AvatarService, config.avatarAddr, {
        deadlineMs: 5000,
        credential: internalAuth && { auth: internalAuth, audience: 'avatar' },
      });
      cleanups.push(() => client.close());
      avatars = grpcAvatarSaver(client.call);
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
    });

    const server = await buildServer({
      host: config.grpcHost,
      port: config.grpcPort,
      log,
      bot,
      webhookSecret: config.webhookSecret,
      updateLog,
      internalAuth,
      providerName: config.providerName,
      checkDependencies: redis ? async () => (await redis.ping()) === 'PONG' : undefined,
    });
    cleanups.push(() => server.shutdown());

    let poller: Poller | undefined;
    if (config.webhookSecret) {
      const stopping = new AbortController();
      const done = registerWebhook(api, bot, config, log, stopping.signal);
      cleanups.push(async () => {
        stopping.abort();
        await done;
      });
    } else {
      poller = new Poller({
        api,
        bot,
        lease,
        log,
        pollTimeoutMs: config.pollTimeoutMs,
        leaseTtlMs: config.leaseTtlMs,
        backoffMinMs: overrides.backoffMinMs,
        backoffMaxMs: overrides.backoffMaxMs,
      });
      poller.start();
      const p = poller;
      cleanups.push(() => p.stop());
    }
    return { port: server.port, bot, poller, stop };
  } catch (err) {
    await stop();
    throw err;
  }
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
      log.warn({ err: describe(err), attempt }, 'telegram webhook setup failed; retrying');
      await sleep(Math.min(60_000, 1000 * 2 ** attempt), undefined, { signal }).catch(() => {});
    }
  }
}
