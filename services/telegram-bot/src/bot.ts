import { randomBytes, randomInt } from 'node:crypto';
import { AppError } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { type User, userId, userJson } from '@gatehouse/token';
import {
  type BotApi,
  BotApiError,
  type InlineKeyboard,
  MAX_AVATAR_BYTES,
  type TgCallbackQuery,
  type TgUpdate,
} from './botapi';
import { TelegramErrors } from './errors';
import {
  buttonPrompt,
  CANCEL_LABEL,
  CANCELLED,
  CONFIRM_LABEL,
  codeMessage,
  PRESS_ANSWERS,
  startedWhen,
} from './messages';
import { type CheckResult, type CodeResult, hashCode, type LoginRequestStore } from './requests';

/** Where a confirmed user's profile photo goes (the avatar service); returns the avatar id. */
export interface AvatarSaver {
  saveContent(userId: string, content: Buffer): Promise<string>;
}

/** A Telegram start parameter: at most 64 characters of A-Z a-z 0-9 _ - (Bot API deep linking). */
export const LOGIN_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/** The bot's user name is not known (getMe failed): the login link cannot be built; callers may retry. */
export class BotUnavailableError extends AppError {
  constructor(cause: unknown) {
    super('unavailable', TelegramErrors.BOT_API_UNAVAILABLE, 'failed to fetch bot username', { cause });
    this.name = 'BotUnavailableError';
  }
}

export interface LoginRequest {
  botName: string;
  token: string;
  deepLink: string;
  expiresAtMs: number;
}

/** Told of every update and of each "/start <token>" login attempt's outcome (metrics). */
export interface BotRecorder {
  updateReceived(): void;
  /**
   * `started`: /start bound the request to a Telegram user; `confirmed` / `cancelled`: that user pressed
   * the button; otherwise why a /start did nothing (the request was already started or used, expired, ...).
   */
  loginAttempt(
    outcome:
      | 'started'
      | 'confirmed'
      | 'cancelled'
      | 'already_started'
      | 'already_confirmed'
      | 'expired'
      | 'not_found'
      | 'lost',
  ): void;
}

export interface LoginBotOptions {
  api: BotApi;
  store: LoginRequestStore;
  avatars: AvatarSaver;
  log: Logger;
  providerName: string;
  successMsg: string;
  errorMsg: string;
  requestLifetimeMs: number;
  /** How /start is confirmed: Confirm/Cancel buttons, or a code the browser posts (TELEGRAM_CONFIRM). */
  confirm: 'button' | 'code';
  /** The site named in the bot's messages (TELEGRAM_SITE_NAME or the AUTH_URL host). */
  siteName: string;
  now?: () => number;
  recorder?: BotRecorder;
}

const START = /^\/start(?:@[A-Za-z0-9_]+)?[ \t]+(\S+)\s*$/;

/**
 * A button's callback_data: the action and the request token (43 characters: 45 bytes, within
 * Telegram's 64). The token only names the request; who may press is checked against the store.
 */
const PRESS = /^([cx]):([A-Za-z0-9_-]{1,62})$/;

/**
 * The login logic of go-pkgz's TelegramHandler, without HTTP or gRPC: create a request, confirm it when
 * its token arrives as "/start <token>" in a private chat, hand the user over once.
 */
export class LoginBot {
  private name?: string;
  private readonly now: () => number;

  constructor(private readonly o: LoginBotOptions) {
    this.now = o.now ?? Date.now;
  }

  /** How this bot has /start confirmed (TELEGRAM_CONFIRM). */
  get confirm(): 'button' | 'code' {
    return this.o.confirm;
  }

  /** The bot's user name from getMe, fetched once. */
  async botName(): Promise<string> {
    if (this.name) return this.name;
    let me: Awaited<ReturnType<BotApi['getMe']>>;
    try {
      me = await this.o.api.getMe();
    } catch (err) {
      throw new BotUnavailableError(err);
    }
    if (!me.username) throw new BotUnavailableError(new Error('getMe returned no username'));
    this.name = me.username;
    return this.name;
  }

  /** `browserHash`: see LoginRequestStore.create (binds the request to the browser holding its secret). */
  async createRequest(browserHash?: string): Promise<LoginRequest> {
    const botName = await this.botName();
    // 32 random bytes as base64url: 43 characters, all valid in a start parameter.
    const token = randomBytes(32).toString('base64url');
    const expiresAtMs = this.now() + this.o.requestLifetimeMs;
    await this.o.store.create(token, expiresAtMs, browserHash);
    return { botName, token, deepLink: `https://t.me/${botName}?start=${token}`, expiresAtMs };
  }

  /** The user of a confirmed request (consumed), or why there is none. */
  check(token: string, browserHash?: string): Promise<CheckResult> {
    return this.o.store.take(token, this.now(), browserHash);
  }

  /** Code mode: the browser's code for a started request (see LoginRequestStore.checkCode). */
  checkCode(token: string, code: string, browserHash?: string): Promise<CodeResult> {
    return this.o.store.checkCode(token, code, this.now(), browserHash);
  }

  /**
   * Handles one update from getUpdates or the webhook: private "/start <token>" messages and presses
   * of the bot's Confirm / Cancel buttons; anything else is ignored.
   */
  async handleUpdate(update: TgUpdate): Promise<void> {
    this.o.recorder?.updateReceived();
    if (update.callback_query) return this.handlePress(update.update_id, update.callback_query);
    const msg = update.message;
    if (msg?.chat?.type !== 'private' || typeof msg.text !== 'string') return;
    const token = START.exec(msg.text)?.[1];
    if (token === undefined) return;
    const chatId = msg.chat.id;
    const state = LOGIN_TOKEN.test(token) ? await this.o.store.peek(token, this.now()) : 'not_found';
    if (state !== 'pending') {
      this.o.recorder?.loginAttempt(
        state === 'confirmed' ? 'already_confirmed' : state === 'started' ? 'already_started' : state,
      );
      this.o.log.info({ updateId: update.update_id, state }, 'telegram login: start with an unusable token');
      await this.reply(chatId, this.o.errorMsg);
      return;
    }
    const user: User = {
      name: msg.chat.first_name ?? msg.from?.first_name ?? '',
      id: userId(this.o.providerName, String(chatId)),
      picture: await this.avatar(userId(this.o.providerName, String(chatId)), msg.from?.id ?? chatId),
    };
    // "/start" alone logs nobody in (a forwarded link would hand the presser's account to whoever
    // started the login): it binds the request to this Telegram user, who then confirms it with a
    // button, or reads a code that only the browser which started the login can use.
    const code = this.o.confirm === 'code' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
    const starter = String(msg.from?.id ?? chatId);
    const json = JSON.stringify(userJson(user));
    const expiresAtMs = await this.o.store.start(token, starter, json, code ? hashCode(code) : '', this.now());
    // The code never reaches the log.
    this.o.log.info(
      { updateId: update.update_id, user: user.id, started: expiresAtMs !== undefined, mode: this.o.confirm },
      'telegram login: start',
    );
    // Lost: the request expired or was taken while the picture was fetched.
    this.o.recorder?.loginAttempt(expiresAtMs === undefined ? 'lost' : 'started');
    if (expiresAtMs === undefined) return this.reply(chatId, this.o.errorMsg);
    const when = startedWhen(expiresAtMs - this.o.requestLifetimeMs, this.now());
    if (code) return this.reply(chatId, codeMessage(this.o.siteName, when, code));
    const keyboard: InlineKeyboard = [
      [
        { text: CONFIRM_LABEL, callback_data: `c:${token}` },
        { text: CANCEL_LABEL, callback_data: `x:${token}` },
      ],
    ];
    await this.reply(chatId, buttonPrompt(this.o.siteName, when), keyboard);
  }

  /**
   * A Confirm or Cancel press. Only the Telegram user who pressed Start may press them; a press on a
   * request that is gone changes nothing. Every press is answered: Telegram shows a spinner until then.
   */
  private async handlePress(updateId: number, q: TgCallbackQuery): Promise<void> {
    const m = PRESS.exec(q.data ?? '');
    if (!m) return this.answer(q.id, PRESS_ANSWERS.unknown);
    const confirm = m[1] === 'c';
    const token = m[2]!;
    const presser = String(q.from.id);
    let result: Awaited<ReturnType<LoginRequestStore['confirm']>>;
    try {
      result = confirm
        ? await this.o.store.confirm(token, presser, this.now())
        : await this.o.store.cancel(token, presser, this.now());
    } catch (err) {
      await this.answer(q.id, PRESS_ANSWERS.failed);
      throw err;
    }
    this.o.log.info({ updateId, action: confirm ? 'confirm' : 'cancel', result }, 'telegram login: button');
    if (result !== 'ok') return this.answer(q.id, PRESS_ANSWERS[result]);
    this.o.recorder?.loginAttempt(confirm ? 'confirmed' : 'cancelled');
    await this.answer(q.id, confirm ? PRESS_ANSWERS.confirmed : PRESS_ANSWERS.cancelled);
    if (!q.message) return;
    try {
      await this.o.api.editMessageText(
        q.message.chat.id,
        q.message.message_id,
        confirm ? this.o.successMsg : CANCELLED,
      );
    } catch (err) {
      // The login is confirmed or cancelled either way; the buttons merely stay visible.
      this.o.log.warn({ err }, 'telegram login: editMessageText failed');
    }
  }

  /** answerCallbackQuery; a failure is logged, since the press itself has been handled. */
  private async answer(callbackQueryId: string, text: string): Promise<void> {
    try {
      await this.o.api.answerCallbackQuery(callbackQueryId, text);
    } catch (err) {
      this.o.log.warn({ err }, 'telegram login: answerCallbackQuery failed');
    }
  }

  /** Fetches the profile photo and stores it; a login never fails for want of a picture. */
  private async avatar(id: string, telegramUserId: number): Promise<string> {
    try {
      const photo = await this.o.api.profilePhoto(telegramUserId, MAX_AVATAR_BYTES);
      if (!photo || photo.length === 0) return '';
      return await this.o.avatars.saveContent(id, photo);
    } catch (err) {
      this.o.log.warn({ err, user: id }, 'telegram login: no avatar');
      return '';
    }
  }

  /** sendMessage, waiting out one short 429 (Telegram rate-limits bots per chat). */
  private async reply(chatId: number, text: string, keyboard?: InlineKeyboard): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.o.api.sendMessage(chatId, text, keyboard);
        return;
      } catch (err) {
        const wait = err instanceof BotApiError ? err.retryAfterSec : undefined;
        if (attempt === 0 && wait !== undefined && wait <= 5) {
          await new Promise((r) => setTimeout(r, wait * 1000));
          continue;
        }
        this.o.log.warn({ err }, 'telegram login: sendMessage failed');
        return;
      }
    }
  }
}
