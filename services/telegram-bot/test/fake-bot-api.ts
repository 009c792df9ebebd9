/**
 * A fake Telegram Bot API on loopback, speaking the real wire protocol: /bot<token>/<method> with
 * parameters as query, form or JSON, the {ok,result} / {ok:false,error_code,description,parameters}
 * envelope, held long polls with offset confirmation, and /file/bot<token>/<path> downloads. Tests
 * inject updates as a user would send them and schedule failures (5xx, 409, 429 with retry_after,
 * the whole API down).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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

interface HeldPoll {
  res: http.ServerResponse;
  offset: number;
  limit: number;
  finish: (updates: unknown[] | undefined) => void;
}

export class FakeBotApi {
  readonly calls: RecordedCall[] = [];
  /** sendMessage texts by chat id. */
  readonly transcripts = new Map<number, string[]>();
  /** Profile photos by Telegram user id: sizes of one photo, smallest first (as Telegram orders them). */
  readonly photos = new Map<number, { fileId: string; bytes: Buffer }[]>();
  webhook?: { url: string; secretToken?: string };
  private readonly files = new Map<string, Buffer>();
  private updates: { update_id: number; message: unknown }[] = [];
  private nextUpdateId = 1000;
  private nextMessageId = 1;
  private faults: Fault[] = [];
  private down = false;
  /** Requests dropped while down. */
  dropped = 0;
  private held?: HeldPoll;
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
    this.held?.finish([]);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A user sends `text` to the bot; `chat` defaults to the user's private chat. */
  sendText(
    from: { id: number; first_name: string },
    text: string,
    chat: { id: number; type: string; title?: string } = { id: from.id, type: 'private' },
  ): number {
    const update_id = this.nextUpdateId++;
    const fullChat = chat.type === 'private' ? { ...chat, first_name: from.first_name } : chat;
    const message = {
      message_id: this.nextMessageId++,
      from: { ...from, is_bot: false },
      chat: fullChat,
      date: Math.floor(Date.now() / 1000),
      text,
      entities: text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : [],
    };
    this.updates.push({ update_id, message });
    this.releaseHeldPoll();
    return update_id;
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
    // A held long poll dies with the connection, as when the API's host goes away.
    if (down) this.held?.res.socket?.destroy();
  }

  callsOf(method: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method);
  }

  messagesTo(chatId: number): string[] {
    return this.transcripts.get(chatId) ?? [];
  }

  /** Updates Telegram still holds (not yet confirmed by a higher offset). */
  get pendingUpdates(): number {
    return this.updates.length;
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
  ): Promise<{ ok: unknown } | { error: { status: number; description: string } } | undefined> {
    switch (method) {
      case 'getMe':
        return { ok: { id: 123456, is_bot: true, first_name: 'Gatehouse Test', username: this.username } };
      case 'getUpdates':
        return this.getUpdates(p, res);
      case 'sendMessage': {
        const chatId = Number(p.chat_id);
        if (!Number.isFinite(chatId) || typeof p.text !== 'string' || p.text === '') {
          return { error: { status: 400, description: 'Bad Request: message text is empty' } };
        }
        const list = this.transcripts.get(chatId) ?? [];
        list.push(p.text);
        this.transcripts.set(chatId, list);
        return { ok: { message_id: this.nextMessageId++, chat: { id: chatId }, date: 0, text: p.text } };
      }
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
        this.held?.finish(undefined);
        return { ok: true };
      case 'deleteWebhook':
        this.webhook = undefined;
        return { ok: true };
      case 'getWebhookInfo':
        return { ok: { url: this.webhook?.url ?? '', pending_update_count: this.updates.length } };
      default:
        return { error: { status: 404, description: 'Not Found: method not found' } };
    }
  }

  private getUpdates(p: Record<string, unknown>, res: http.ServerResponse) {
    if (this.webhook) {
      return {
        error: {
          status: 409,
          description:
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        },
      };
    }
    const offset = Number(p.offset ?? 0);
    const limit = Math.min(100, Math.max(1, Number(p.limit ?? 100)));
    const timeout = Math.max(0, Number(p.timeout ?? 0));
    // Calling with an offset confirms every update below it: Telegram forgets them.
    if (offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
    const ready = this.updates.filter((u) => u.update_id >= offset).slice(0, limit);
    if (ready.length > 0 || timeout === 0) return Promise.resolve({ ok: ready });
    // Telegram allows one getUpdates at a time: a newer one ends the older with 409.
    this.held?.finish(undefined);
    return new Promise<{ ok: unknown } | { error: { status: number; description: string } }>((resolve) => {
      const timer = setTimeout(() => poll.finish([]), timeout * 1000);
      const poll: HeldPoll = {
        res,
        offset,
        limit,
        finish: (updates) => {
          clearTimeout(timer);
          if (this.held === poll) this.held = undefined;
          if (updates) resolve({ ok: updates });
          else
            resolve({
              error: {
                status: 409,
                description:
                  'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
              },
            });
        },
      };
      this.held = poll;
      // A poller that went away (stopped, timed out) no longer holds the poll.
      res.on('close', () => {
        if (this.held === poll && !res.writableEnded) {
          clearTimeout(timer);
          this.held = undefined;
        }
      });
    });
  }

  private releaseHeldPoll(): void {
    const poll = this.held;
    if (!poll) return;
    poll.finish(this.updates.filter((u) => u.update_id >= poll.offset).slice(0, poll.limit));
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
