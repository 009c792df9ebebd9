import { randomBytes } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import { type User, userId, userJson } from '@gatehouse/token';
import { type BotApi, BotApiError, MAX_AVATAR_BYTES, type TgUpdate } from './botapi';
import type { CheckResult, LoginRequestStore } from './requests';

/** Where a confirmed user's profile photo goes (the avatar service); returns the avatar id. */
export interface AvatarSaver {
  saveContent(userId: string, content: Buffer): Promise<string>;
}

/** A Telegram start parameter: at most 64 characters of A-Z a-z 0-9 _ - (Bot API deep linking). */
export const LOGIN_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/** The bot's user name is not known (getMe failed): the login link cannot be built. */
export class BotUnavailableError extends Error {
  constructor(cause: unknown) {
    super('failed to fetch bot username', { cause });
    this.name = 'BotUnavailableError';
  }
}

export interface LoginRequest {
  botName: string;
  token: string;
  deepLink: string;
  expiresAtMs: number;
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
  now?: () => number;
}

const START = /^\/start(?:@[A-Za-z0-9_]+)?[ \t]+(\S+)\s*$/;

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

  /** Handles one update from getUpdates or the webhook. Only private "/start <token>" messages count. */
  async handleUpdate(update: TgUpdate): Promise<void> {
    const msg = update.message;
    if (msg?.chat?.type !== 'private' || typeof msg.text !== 'string') return;
    const token = START.exec(msg.text)?.[1];
    if (token === undefined) return;
    const chatId = msg.chat.id;
    const state = LOGIN_TOKEN.test(token) ? await this.o.store.peek(token, this.now()) : 'not_found';
    if (state !== 'pending') {
      this.o.log.info({ updateId: update.update_id, state }, 'telegram login: start with an unusable token');
      await this.reply(chatId, this.o.errorMsg);
      return;
    }
    const user: User = {
      name: msg.chat.first_name ?? msg.from?.first_name ?? '',
      id: userId(this.o.providerName, String(chatId)),
      picture: await this.avatar(userId(this.o.providerName, String(chatId)), msg.from?.id ?? chatId),
    };
    const confirmed = await this.o.store.confirm(token, JSON.stringify(userJson(user)), this.now());
    this.o.log.info({ updateId: update.update_id, user: user.id, confirmed }, 'telegram login: start');
    await this.reply(chatId, confirmed ? this.o.successMsg : this.o.errorMsg);
  }

  /** Fetches the profile photo and stores it; a login never fails for want of a picture. */
  private async avatar(id: string, telegramUserId: number): Promise<string> {
    try {
      const photo = await this.o.api.profilePhoto(telegramUserId, MAX_AVATAR_BYTES);
      if (!photo || photo.length === 0) return '';
      return await this.o.avatars.saveContent(id, photo);
    } catch (err) {
      this.o.log.warn({ err: describe(err), user: id }, 'telegram login: no avatar');
      return '';
    }
  }

  /** sendMessage, waiting out one short 429 (Telegram rate-limits bots per chat). */
  private async reply(chatId: number, text: string): Promise<void> {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.o.api.sendMessage(chatId, text);
        return;
      } catch (err) {
        const wait = err instanceof BotApiError ? err.retryAfterSec : undefined;
        if (attempt === 0 && wait !== undefined && wait <= 5) {
          await new Promise((r) => setTimeout(r, wait * 1000));
          continue;
        }
        this.o.log.warn({ err: describe(err) }, 'telegram login: sendMessage failed');
        return;
      }
    }
  }
}

/** Errors as log fields; BotApiError messages are already free of the token. */
export function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
