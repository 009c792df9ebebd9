import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startAvatarService } from '@gatehouse/avatar-service';
import { createClient, toPairs } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { until } from '@gatehouse/test-kit/until';
import * as grpc from '@grpc/grpc-js';
import { Redis } from 'ioredis';
import { loadTelegramConfig, type TelegramConfig } from '../src/config';
import { startTelegramService, type TelegramServiceOverrides } from '../src/service';
import type { FakeBotApi } from './fake-bot-api';

/** A logger whose lines the test can read, to check what reaches the log. */
export function capturedLog(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger({ name: 'telegram-test', level: 'debug', destination }), lines };
}

export const quietLog = () => createLogger({ name: 'telegram-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export const redisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A 1x1 PNG: a real image, so the avatar service keeps it instead of drawing an identicon. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A Redis key prefix of its own per test file, and a way to delete everything under it. */
export function redisPrefix(area: string): { prefix: string; cleanup: () => Promise<void> } {
  const prefix = `gh_tg_${area}_${randomBytes(4).toString('hex')}:`;
  return {
    prefix,
    async cleanup() {
      const redis = new Redis(redisUrl());
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
}

/** Service settings through the real config parser: the fake API, real Redis, short polls. */
export function testConfig(fake: FakeBotApi, prefix: string, env: Record<string, string> = {}): TelegramConfig {
  return loadTelegramConfig({
    TELEGRAM_GRPC_PORT: '0',
    // In-process instances run side by side: none may take the fixed default metrics port.
    METRICS_PORT: '0',
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_API_URL: fake.url,
    TELEGRAM_POLL_TIMEOUT: '1s',
    TELEGRAM_LEASE_TTL: '2s',
    REDIS_URL: redisUrl(),
    REDIS_KEY_PREFIX: prefix,
    // Nothing listens here unless a test starts the avatar service: storing the avatar then fails.
    AVATAR_GRPC_ADDR: '127.0.0.1:1',
    ...env,
  });
}

/** Starts the service in-process and opens clients for both of its gRPC services. */
export async function startService(config: TelegramConfig, overrides: TelegramServiceOverrides = {}, log = quietLog()) {
  const running = await startTelegramService(config, { log, backoffMinMs: 50, backoffMaxMs: 400, ...overrides });
  const address = `127.0.0.1:${running.port}`;
  const tg = createClient(loadProto('telegram').grpcObject.telegram.v1.TelegramBotService, address, {
    deadlineMs: 5000,
  });
  const lh = createClient(loadProto('login').grpcObject.login.v1.LoginHandler, address, { deadlineMs: 5000 });
  return {
    running,
    telegram: tg.call,
    login: lh.call,
    async stop() {
      tg.close();
      lh.close();
      await running.stop();
    },
  };
}

/** Waits until `probe` returns a value, checking every 25 ms, for at most `limitMs` (the kit's until). */
export const waitFor = <T>(what: string, probe: () => Promise<T | undefined> | T | undefined, limitMs = 8000) =>
  until(probe, { what, ms: limitMs, everyMs: 25 });

export function loginRequest(
  query: Record<string, string> = {},
  extra: Partial<{ method: string; path: string; cookies: { name: string; value: string }[] }> = {},
) {
  return {
    method: extra.method ?? 'GET',
    path: extra.path ?? '/auth/telegram/login',
    query: toPairs(query),
    headers: [] as { name: string; value: string }[],
    body: Buffer.alloc(0),
    clientIp: '127.0.0.1',
    provider: 'telegram',
    cookies: extra.cookies ?? [],
  };
}

/**
 * The cookies a LoginHandler response sets, as the gateway passes them back on the next request
 * (name=value only; the gateway owns the attributes).
 */
export function setCookies(res: { headers: { name: string; value: string }[] }) {
  return res.headers
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => {
      const [pair = ''] = h.value.split(';');
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
    });
}

/** The real avatar service on port 0 with a file store in a temporary folder. */
export async function startTestAvatarService() {
  const dir = await mkdtemp(path.join(tmpdir(), 'gh-tg-avatars-'));
  const service = await startAvatarService(
    {
      host: '127.0.0.1',
      metricsHost: '127.0.0.1',
      port: 0,
      store: dir,
      resizeLimit: 0,
      allowPrivateHosts: [],
      fetchTimeoutMs: 1000,
      fetchAttempts: 1,
      fetchRetryDelayMs: 10,
      fetchBudgetMs: 2000,
    },
    { log: quietLog() },
  );
  return {
    port: service.port,
    async stop() {
      await service.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A service started by startService, with its two clients. */
export type TestService = Awaited<ReturnType<typeof startService>>;

/** grpc.health.v1.Health/Check for the whole server, decoded by hand (status is field 1, a varint). */
export function healthStatus(port: number): Promise<number> {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.makeUnaryRequest(
      '/grpc.health.v1.Health/Check',
      (b: Buffer) => b,
      (b: Buffer) => b,
      Buffer.alloc(0),
      { deadline: Date.now() + 3000 },
      (err, res) => {
        client.close();
        if (err) reject(err);
        else resolve(res && res.length >= 2 ? (res[1] as number) : 0);
      },
    );
  });
}

export const SERVING = 1;

export function body(res: { body: Buffer }): unknown {
  return JSON.parse(res.body.toString('utf8'));
}

/** Creates a login request as a browser does: the token, and the cookie that binds it to the browser. */
export async function create(svc: TestService) {
  const res = await svc.login.login(loginRequest());
  return { ...(body(res) as { token: string; bot: string }), cookies: setCookies(res) };
}

/**
 * `presser` presses `label` on the newest message with that button in `chatId` (waiting for the bot to
 * send it), and waits for the bot's answerCallbackQuery; returns the text that answer showed.
 */
export async function pressButton(
  fake: FakeBotApi,
  chatId: number,
  label: 'Confirm' | 'Cancel',
  presser: { id: number; first_name: string },
) {
  const message = await waitFor(`the ${label} button`, () => fake.buttonIn(chatId, label));
  const id = fake.press(presser, message, label);
  return waitFor('the answer to the press', () => fake.answerTo(id));
}

/** Logs in through the LoginHandler the way the gateway does: create, /start and Confirm in Telegram, check. */
export async function login(svc: TestService, fake: FakeBotApi, user: { id: number; first_name: string }) {
  const created = await create(svc);
  fake.sendText(user, `/start ${created.token}`);
  await pressButton(fake, user.id, 'Confirm', user);
  const res = await waitFor('the login to be confirmed', async () => {
    const r = await svc.login.login(loginRequest({ token: created.token }, { cookies: created.cookies }));
    return r.status === 200 ? r : undefined;
  });
  return { token: created.token, bot: created.bot, cookies: created.cookies, res, user: JSON.parse(res.userJson) };
}
