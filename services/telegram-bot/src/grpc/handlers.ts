import { createHash, randomBytes } from 'node:crypto';
import { z } from '@gatehouse/config';
import { invalidArgument } from '@gatehouse/errors';
import { fromPairs, unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { login, telegram } from '@gatehouse/proto';
import { safeEqual } from '@gatehouse/token';
import { LOGIN_TOKEN, type LoginBot } from '../bot';
import type { TgUpdate } from '../botapi';
import {
  badCode,
  botNotConfigured,
  CHECK_FAILURES,
  checkFailure,
  TelegramErrors,
  tooManyCodes,
  wrongCode,
} from '../errors';
import type { UpdateLog } from '../update-log';

export interface HandlerDeps {
  /** Undefined when no bot is configured: every call says so. */
  bot?: LoginBot;
  /** Set in webhook mode: the value Telegram sends in X-Telegram-Bot-Api-Secret-Token. */
  webhookSecret?: string;
  /** Drops webhook updates Telegram delivers twice. */
  updateLog?: UpdateLog;
  log: Logger;
}

function requireBot(deps: HandlerDeps): LoginBot {
  if (!deps.bot) throw botNotConfigured();
  return deps.bot;
}

function validToken(token: string): string {
  if (!LOGIN_TOKEN.test(token))
    throw invalidArgument(TelegramErrors.BAD_TOKEN, 'token must be 1-64 characters of A-Z a-z 0-9 _ -');
  return token;
}

export function telegramHandlers(deps: HandlerDeps): telegram.TelegramBotServiceHandlers {
  const { log } = deps;
  return {
    CreateLoginRequest: unaryHandler(log, async () => {
      const req = await requireBot(deps).createRequest();
      return {
        botName: req.botName,
        token: req.token,
        deepLink: req.deepLink,
        expiresAt: String(Math.floor(req.expiresAtMs / 1000)),
      };
    }),
    CheckLoginRequest: unaryHandler(log, async (request: telegram.CheckLoginRequestRequest__Output) => {
      const bot = requireBot(deps);
      const token = validToken(request.token);
      const code = request.code;
      if (code === '') {
        const result = await bot.check(token);
        if (result.state !== 'ok') throw checkFailure(result);
        return { userJson: result.userJson };
      }
      // Code mode for a caller of its own (no browser cookie: requests made by CreateLoginRequest).
      if (bot.confirm !== 'code') throw badCode('codes are only used with TELEGRAM_CONFIRM=code');
      if (!CODE.test(code)) throw badCode('code must be six digits');
      const result = await bot.checkCode(token, code);
      if (result.state === 'wrong_code') throw wrongCode(result.attemptsLeft);
      if (result.state === 'too_many_attempts') throw tooManyCodes();
      if (result.state !== 'ok') throw checkFailure(result);
      return { userJson: result.userJson };
    }),
  };
}

const JSON_TYPE = [{ name: 'content-type', value: 'application/json; charset=utf-8' }];

function json(status: number, body: unknown): login.HttpResponse {
  return { status, headers: JSON_TYPE, body: Buffer.from(`${JSON.stringify(body)}\n`) };
}

/** The shape of an update as far as the login reads it; anything else in it is ignored. */
const updateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      date: z.number().int(),
      text: z.string().optional(),
      from: z.object({ id: z.number().int(), first_name: z.string() }).optional(),
      chat: z.object({ id: z.number().int(), type: z.string(), first_name: z.string().optional() }),
    })
    .optional(),
  // A press of the bot's Confirm / Cancel buttons.
  callback_query: z
    .object({
      id: z.string(),
      from: z.object({ id: z.number().int(), first_name: z.string() }),
      data: z.string().optional(),
      message: z
        .object({
          message_id: z.number().int(),
          date: z.number().int(),
          chat: z.object({ id: z.number().int(), type: z.string() }),
        })
        .optional(),
    })
    .optional(),
});

const CODE = /^\d{6}$/;

/** The cookie holding the secret that binds a login request to the browser that created it. */
export function requestCookieName(provider: string): string {
  return `gh_${provider}_req`;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * login.v1.LoginHandler for /auth/<provider>/*: login creates or checks a request (go-pkgz's
 * TelegramHandler.LoginHandler), callback is the webhook, logout has nothing to undo.
 */
export function loginHandlers(deps: HandlerDeps): login.LoginHandlerHandlers {
  const { log } = deps;
  return {
    Login: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      const bot = requireBot(deps);
      const { token, code } = fromPairs(req.query);
      const cookie = requestCookieName(req.provider);
      if (!token) {
        // Whoever holds the token could otherwise collect the login it confirms (a token leaked from
        // the t.me link, its history or a chat preview): only the browser holding this secret can.
        const secret = randomBytes(32).toString('base64url');
        const created = await bot.createRequest(sha256(secret));
        const maxAge = Math.max(1, Math.ceil((created.expiresAtMs - Date.now()) / 1000));
        // Code mode tells the page to ask for the code; button mode keeps go-pkgz's answer as it is.
        const answer =
          bot.confirm === 'code'
            ? { token: created.token, bot: created.botName, confirm: 'code' }
            : { token: created.token, bot: created.botName };
        return {
          ...json(200, answer),
          headers: [...JSON_TYPE, { name: 'set-cookie', value: `${cookie}=${secret}; Max-Age=${maxAge}` }],
        };
      }
      if (!LOGIN_TOKEN.test(token)) return json(400, { error: 'token must be 1-64 characters of A-Z a-z 0-9 _ -' });
      const secret = fromPairs(req.cookies)[cookie];
      const withCode = bot.confirm === 'code' && code !== undefined && code !== '';
      if (withCode && !CODE.test(code)) return json(400, { error: 'code must be six digits' });
      // No cookie, no login: the same answer as an unknown token, so a stranger learns nothing (and
      // cannot spend the real browser's code attempts).
      const result = !secret
        ? ({ state: 'not_found' } as const)
        : withCode
          ? await bot.checkCode(token, code, sha256(secret))
          : await bot.check(token, sha256(secret));
      if (result.state === 'wrong_code') return json(403, { error: 'wrong code', attempts_left: result.attemptsLeft });
      if (result.state === 'too_many_attempts') {
        return json(403, { error: 'too many wrong codes: start the login again' });
      }
      if (result.state !== 'ok') return json(404, { error: CHECK_FAILURES[result.state].message });
      return {
        status: 200,
        headers: [...JSON_TYPE, { name: 'set-cookie', value: `${cookie}=; Max-Age=0` }],
        body: Buffer.from(`${result.userJson}\n`),
        userJson: result.userJson,
      };
    }),
    Callback: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      const bot = requireBot(deps);
      if (!deps.webhookSecret) return json(404, { error: 'webhook is not enabled' });
      if (req.method !== 'POST') return json(405, { error: 'webhook takes POST' });
      const presented = fromPairs(req.headers)['x-telegram-bot-api-secret-token'] ?? '';
      if (!safeEqual(presented, deps.webhookSecret)) return json(401, { error: 'bad webhook secret token' });
      let body: unknown;
      try {
        body = JSON.parse(req.body.toString('utf8'));
      } catch {
        return json(400, { error: 'update is not JSON' });
      }
      const update = updateSchema.safeParse(body);
      if (!update.success) return json(400, { error: 'not a Telegram update' });
      if (deps.updateLog && !(await deps.updateLog.firstSeen(update.data.update_id))) {
        return { status: 200, headers: [], body: Buffer.alloc(0) };
      }
      await bot.handleUpdate(update.data as TgUpdate);
      return { status: 200, headers: [], body: Buffer.alloc(0) };
    }),
    Logout: unaryHandler(log, async () => {
      requireBot(deps);
      // go-pkgz's Telegram logout only resets the cookies, which the gateway does.
      return { status: 200, headers: [], body: Buffer.alloc(0) };
    }),
  };
}
