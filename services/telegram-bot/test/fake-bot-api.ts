/**
 * A fake Telegram Bot API on loopback, speaking the real wire protocol: /bot<token>/<method> with
 * parameters as query, form or JSON, the {ok,result} / {ok:false,error_code,description,parameters}
 * envelope, held long polls with offset confirmation, inline keyboards and callback queries
 * (fake-chats.ts), and /file/bot<token>/<path> downloads. Tests inject updates as a user would send
 * them (messages, button presses) and schedule failures (5xx, 409, 429 with retry_after, the whole
 * API down).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeChats, type SentMessage } from './fake-chats';
import { FakeUpdateQueue, type MethodAnswer } from './fake-updates';

export interface RecordedCall {
  method: string;
  params: Record<string, unknown>;
  at: number;
  status: number;
}

interface Fault {
  method: string;
  status: number;
  description: string;
  retryAfter?: number;
}

export class FakeBotApi {
  readonly calls: RecordedCall[] = [];
  /** Profile photos by Telegram user id: sizes of one photo, smallest first (as Telegram orders them). */
  readonly photos = new Map<number, { fileId: string; bytes: Buffer }[]>();
  webhook?: { url: string; secretToken?: string };
  private readonly files = new Map<string, Buffer>();
  private readonly updates = new FakeUpdateQueue();
  private nextMessageId = 1;
  /** What the bot sent, its buttons, edits and callback answers. */
  readonly chats = new FakeChats(() => this.nextMessageId++);
  private faults: Fault[] = [];
  private down = false;
  /** Requests dropped while down. */
  dropped = 0;
  private readonly server: http.Server;
  url = '';

  constructor(
    readonly token = '123456:TEST-fake-token-ABCDEFGHIJKLMNOP',
    readonly username = 'gatehouse_test_bot',
  ) {
    this.server = http.createServer((req, res) => {
      this.handle(req, res).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.updates.endHeldPoll('empty');
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A user sends `text` to the bot; `chat` defaults to the user's private chat. */
  sendText(
    from: { id: number; first_name: string },
    text: string,
    chat: { id: number; type: string; title?: string } = { id: from.id, type: 'private' },
  ): number {
    const fullChat = chat.type === 'private' ? { ...chat, first_name: from.first_name } : chat;
    const message = {
      message_id: this.nextMessageId++,
      from: { ...from, is_bot: false },
      chat: fullChat,
      date: Math.floor(Date.now() / 1000),
      text,
      entities: text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : [],
    };
    return this.updates.add({ message });
  }

  /** The newest message the bot sent to `chatId` with a button labelled `label`, if any. */
  buttonIn(chatId: number, label: string): SentMessage | undefined {
    return this.chats.withButton(chatId, label);
  }

  /** `from` presses a button of a message the bot sent; returns the callback query id. */
  press(from: { id: number; first_name: string }, message: SentMessage, label: string): string {
    const query = this.chats.press(from, message, label);
    this.updates.add({ callback_query: query });
    return query.id;
  }

  /** The text answerCallbackQuery showed for a press ('' for none), or undefined while unanswered. */
  answerTo(callbackQueryId: string): string | undefined {
    return this.chats.answers.get(callbackQueryId);
  }

  /** Gives a user a profile photo in two sizes; the larger one is `bytes`. */
  setPhoto(userId: number, bytes: Buffer): void {
    const small = { fileId: `small-${userId}`, bytes: bytes.subarray(0, Math.min(16, bytes.length)) };
    const large = { fileId: `large-${userId}`, bytes };
    this.photos.set(userId, [small, large]);
  }

  /** The next `count` calls of `method` ('*' for any) fail with this status. */
  failNext(method: string, status: number, description: string, options: { retryAfter?: number; count?: number } = {}) {
    for (let i = 0; i < (options.count ?? 1); i++) {
      this.faults.push({ method, status, description, retryAfter: options.retryAfter });
    }
  }

  /** Down: every connection is dropped without an answer, as when the API is unreachable. */
  setDown(down: boolean): void {
    this.down = down;
    if (down) this.updates.dropHeldConnection();
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** The texts of the bot's messages in a chat as the user sees them now (after edits). */
  messagesTo(chatId: number): string[] {
    return this.chats.textsIn(chatId);
  }

  /** Updates Telegram still holds (not yet confirmed by a higher offset). */
  get pendingUpdates(): number {
    return this.updates.pending;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (this.down) {
      this.dropped++;
      req.socket.destroy();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileMatch) {
      const bytes = fileMatch[1] === this.token ? this.files.get(decodeURIComponent(fileMatch[2]!)) : undefined;
      res.statusCode = bytes ? 200 : 404;
      res.end(bytes ?? 'Not Found');
      return;
    }
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) return this.reply(res, '', {}, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const method = match[2]!;
    const params = await readParams(req, url);
    if (match[1] !== this.token) {
      return this.reply(res, method, params, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    }
    const faultAt = this.faults.findIndex((f) => f.method === method || f.method === '*');
    if (faultAt >= 0) {
      const [f] = this.faults.splice(faultAt, 1);
      const body: Record<string, unknown> = { ok: false, error_code: f!.status, description: f!.description };
      if (f!.retryAfter !== undefined) body.parameters = { retry_after: f!.retryAfter };
      return this.reply(res, method, params, f!.status, body);
    }
    const result = await this.dispatch(method, params, res);
    if (result === undefined) return;
    if ('error' in result) {
      const { status, description } = result.error;
      return this.reply(res, method, params, status, { ok: false, error_code: status, description });
    }
    this.reply(res, method, params, 200, { ok: true, result: result.ok });
  }

  private async dispatch(
    method: string,
    p: Record<string, unknown>,
    res: http.ServerResponse,
  ): Promise<MethodAnswer | undefined> {
    switch (method) {
      case 'getMe':
        return { ok: { id: 123456, is_bot: true, first_name: 'Gatehouse Test', username: this.username } };
      case 'getUpdates':
        if (this.webhook) {
          const description =
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first";
          return { error: { status: 409, description } };
        }
        return this.updates.getUpdates(p, res);
      case 'sendMessage':
        return this.chats.sendMessage(p);
      case 'editMessageText':
        return this.chats.editMessageText(p);
      case 'answerCallbackQuery':
        return this.chats.answerCallbackQuery(p);
      case 'getUserProfilePhotos': {
        const sizes = this.photos.get(Number(p.user_id));
        if (!sizes) return { ok: { total_count: 0, photos: [] } };
        const photo = sizes.map((s, i) => ({
          file_id: s.fileId,
          file_unique_id: `u-${s.fileId}`,
          width: 160 * (i + 1),
          height: 160 * (i + 1),
          file_size: s.bytes.length,
        }));
        return { ok: { total_count: 1, photos: [photo] } };
      }
      case 'getFile': {
        const size = [...this.photos.values()].flat().find((s) => s.fileId === p.file_id);
        if (!size) return { error: { status: 400, description: 'Bad Request: invalid file_id' } };
        const filePath = `photos/${size.fileId}.jpg`;
        this.files.set(filePath, size.bytes);
        return {
          ok: {
            file_id: size.fileId,
            file_unique_id: `u-${size.fileId}`,
            file_size: size.bytes.length,
            file_path: filePath,
          },
        };
      }
      case 'setWebhook':
        this.webhook = { url: String(p.url), secretToken: p.secret_token as string | undefined };
        this.updates.endHeldPoll('conflict');
        return { ok: true };
      case 'deleteWebhook':
        this.webhook = undefined;
        return { ok: true };
      case 'getWebhookInfo':
        return { ok: { url: this.webhook?.url ?? '', pending_update_count: this.updates.pending } };
      default:
        return { error: { status: 404, description: 'Not Found: method not found' } };
    }
  }

  private reply(
    res: http.ServerResponse,
    method: string,
    params: Record<string, unknown>,
    status: number,
    body: unknown,
  ) {
    // A reply nobody receives (the caller went away) did not happen, as far as the caller can tell.
    if (res.destroyed) return;
    this.calls.push({ method, params, at: Date.now(), status });
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  }
}

/** Bot API parameters come as a query string, a form or JSON; JSON-looking form values are decoded. */
async function readParams(req: http.IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  for (const [k, v] of url.searchParams) params[k] = decodeValue(v);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const type = req.headers['content-type'] ?? '';
  if (text && type.includes('application/json')) Object.assign(params, JSON.parse(text));
  else if (text && type.includes('application/x-www-form-urlencoded')) {
    for (const [k, v] of new URLSearchParams(text)) params[k] = decodeValue(v);
  }
  return params;
}

function decodeValue(v: string): unknown {
  if (/^[[{]/.test(v)) {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return v;
}
