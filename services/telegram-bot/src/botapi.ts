/**
 * A small Bot API client: the methods the login needs, each call with a deadline. The bot token is a
 * bearer credential inside every URL (https://api.telegram.org/bot<token>/...), so no URL leaves this
 * module and every error message has the token cut out.
 */

export interface TgUser {
  id: number;
  is_bot?: boolean;
  first_name: string;
  last_name?: string;
  username?: string;
}

export interface TgChat {
  id: number;
  type: 'private' | 'group' | 'supergroup' | 'channel';
  first_name?: string;
  username?: string;
}

export interface TgMessage {
  message_id: number;
  from?: TgUser;
  chat: TgChat;
  date: number;
  text?: string;
}

/** A press of an inline keyboard button (Bot API CallbackQuery); must be answered with answerCallbackQuery. */
export interface TgCallbackQuery {
  id: string;
  from: TgUser;
  message?: TgMessage;
  data?: string;
}

export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
}

/** One row of inline keyboard buttons, each sending `callback_data` (1-64 bytes) back when pressed. */
export type InlineKeyboard = { text: string; callback_data: string }[][];

/** The updates the bot asks Telegram for: messages (/start) and button presses. */
export const ALLOWED_UPDATES = ['message', 'callback_query'];

export interface TgPhotoSize {
  file_id: string;
  file_unique_id: string;
  width: number;
  height: number;
  file_size?: number;
}

/** What the bot logic needs of Telegram (go-pkgz's TelegramAPI interface). */
export interface BotApi {
  getMe(): Promise<TgUser>;
  /** Long poll; `signal` cuts it short when the service stops. */
  getUpdates(offset: number, timeoutSec: number, signal?: AbortSignal): Promise<TgUpdate[]>;
  /** Sends a message (with inline buttons when `keyboard` is given); returns its message_id. */
  sendMessage(chatId: number, text: string, keyboard?: InlineKeyboard): Promise<number>;
  /** Replaces a message's text and removes its buttons. */
  editMessageText(chatId: number, messageId: number, text: string): Promise<void>;
  /** Acknowledges a button press (Telegram shows a spinner until then); `text` pops up briefly. */
  answerCallbackQuery(callbackQueryId: string, text?: string): Promise<void>;
  /** The largest profile photo of the user, or undefined when there is none. */
  profilePhoto(userId: number, maxBytes: number): Promise<Buffer | undefined>;
  setWebhook(url: string, secret: string): Promise<void>;
}

/** A failed Bot API call. `retryAfterSec` is set for 429 answers. */
export class BotApiError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    description: string,
    readonly retryAfterSec?: number,
  ) {
    super(`telegram ${method}: ${description}`);
    this.name = 'BotApiError';
  }
}

interface Envelope<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export interface HttpBotApiOptions {
  baseUrl: string;
  token: string;
  /** Deadline of a call that is not a long poll. */
  callTimeoutMs?: number;
  /** Deadline of a file download. */
  downloadTimeoutMs?: number;
}

export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

export class HttpBotApi implements BotApi {
  private readonly callTimeoutMs: number;
  private readonly downloadTimeoutMs: number;

  constructor(private readonly options: HttpBotApiOptions) {
    this.callTimeoutMs = options.callTimeoutMs ?? 10_000;
    this.downloadTimeoutMs = options.downloadTimeoutMs ?? 5_000;
  }

  getMe(): Promise<TgUser> {
    return this.call<TgUser>('getMe', {});
  }

  getUpdates(offset: number, timeoutSec: number, signal?: AbortSignal): Promise<TgUpdate[]> {
    // The client deadline outlives the server-side long poll by a margin, so a held poll is not cut short.
    return this.call<TgUpdate[]>(
      'getUpdates',
      { offset, timeout: timeoutSec, limit: 100, allowed_updates: ALLOWED_UPDATES },
      timeoutSec * 1000 + 10_000,
      signal,
    );
  }

  async sendMessage(chatId: number, text: string, keyboard?: InlineKeyboard): Promise<number> {
    const params = keyboard
      ? { chat_id: chatId, text, reply_markup: { inline_keyboard: keyboard } }
      : { chat_id: chatId, text };
    return (await this.call<{ message_id: number }>('sendMessage', params)).message_id;
  }

  async editMessageText(chatId: number, messageId: number, text: string): Promise<void> {
    // No reply_markup: the edited message has no buttons left to press.
    await this.call('editMessageText', { chat_id: chatId, message_id: messageId, text });
  }

  async answerCallbackQuery(callbackQueryId: string, text?: string): Promise<void> {
    await this.call(
      'answerCallbackQuery',
      text ? { callback_query_id: callbackQueryId, text } : { callback_query_id: callbackQueryId },
    );
  }

  async setWebhook(url: string, secret: string): Promise<void> {
    await this.call('setWebhook', { url, secret_token: secret, allowed_updates: ALLOWED_UPDATES });
  }

  async profilePhoto(userId: number, maxBytes = MAX_AVATAR_BYTES): Promise<Buffer | undefined> {
    const photos = await this.call<{ total_count: number; photos: TgPhotoSize[][] }>('getUserProfilePhotos', {
      user_id: userId,
      limit: 1,
    });
    const sizes = photos.photos[0];
    const largest = sizes?.[sizes.length - 1];
    if (!largest) return undefined;
    const file = await this.call<{ file_path?: string; file_size?: number }>('getFile', { file_id: largest.file_id });
    if (!file.file_path) return undefined;
    if (file.file_size !== undefined && file.file_size > maxBytes) {
      throw new BotApiError('file', 413, `profile photo is ${file.file_size} bytes, over the ${maxBytes} limit`);
    }
    return this.download(file.file_path, maxBytes);
  }

  /** Downloads a file server-side: its URL holds the token and must never reach a browser or a log. */
  private async download(filePath: string, maxBytes: number): Promise<Buffer> {
    const url = `${this.options.baseUrl}/file/bot${this.options.token}/${filePath.split('/').map(encodeURIComponent).join('/')}`;
    const res = await this.fetch('file', url, { signal: AbortSignal.timeout(this.downloadTimeoutMs) });
    if (!res.ok) {
      await res.body?.cancel();
      throw new BotApiError('file', res.status, `download answered ${res.status}`);
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await res.body?.cancel();
      throw new BotApiError('file', 413, `profile photo is ${declared} bytes, over the ${maxBytes} limit`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body ?? []) {
      size += chunk.length;
      if (size > maxBytes) throw new BotApiError('file', 413, `profile photo is over the ${maxBytes} limit`);
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }

  private async call<T>(
    method: string,
    params: Record<string, unknown>,
    timeoutMs = this.callTimeoutMs,
    signal?: AbortSignal,
  ): Promise<T> {
    const url = `${this.options.baseUrl}/bot${this.options.token}/${method}`;
    const deadline = AbortSignal.timeout(timeoutMs);
    const res = await this.fetch(method, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
      signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
    });
    let envelope: Envelope<T>;
    try {
      envelope = (await res.json()) as Envelope<T>;
    } catch {
      throw new BotApiError(method, res.status, `answered ${res.status} with a body that is not JSON`);
    }
    if (!envelope.ok || envelope.result === undefined) {
      const status = envelope.error_code ?? res.status;
      const description = this.redact(envelope.description ?? `answered ${res.status}`);
      throw new BotApiError(method, status, description, envelope.parameters?.retry_after);
    }
    return envelope.result;
  }

  /** fetch, with transport errors rewritten so that neither the URL nor the token can reach a log. */
  private async fetch(method: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const reason = e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.name ?? 'failed');
      throw new BotApiError(method, 0, `request failed: ${this.redact(String(reason))}`);
    }
  }

  private redact(text: string): string {
    return text.split(this.options.token).join('<redacted>');
  }
}
