/**
 * The chat side of the fake Telegram Bot API: messages the bot sent (with their inline keyboards),
 * editMessageText, answerCallbackQuery, and a user pressing a button, which becomes a callback_query
 * update as Telegram sends it.
 */
import type { MethodAnswer } from './fake-updates';

export interface Button {
  text: string;
  callback_data: string;
}

export interface SentMessage {
  message_id: number;
  chatId: number;
  /** The text as the user sees it now (after any edit). */
  text: string;
  /** Inline keyboard rows; editMessageText without reply_markup removes them, as in Telegram. */
  keyboard: Button[][];
  edits: number;
}

export class FakeChats {
  readonly sent: SentMessage[] = [];
  /** answerCallbackQuery calls by callback query id: the text shown to the presser ('' for none). */
  readonly answers = new Map<string, string>();
  private nextCallbackId = 1;

  constructor(private readonly nextMessageId: () => number) {}

  /** What a chat shows now, oldest first. */
  textsIn(chatId: number): string[] {
    return this.sent.filter((m) => m.chatId === chatId).map((m) => m.text);
  }

  /** The newest message in the chat that has a button with this label. */
  withButton(chatId: number, label: string): SentMessage | undefined {
    return this.sent.findLast((m) => m.chatId === chatId && m.keyboard.flat().some((b) => b.text === label));
  }

  /**
   * The callback_query update of `from` pressing the button labelled `label` of `message` (Telegram
   * also lets anyone who sees a message press it, e.g. in a forwarded copy: `from` may be anybody).
   */
  press(from: { id: number; first_name: string }, message: SentMessage, label: string) {
    const button = message.keyboard.flat().find((b) => b.text === label);
    if (!button) throw new Error(`message ${message.message_id} has no button "${label}"`);
    return {
      id: String(this.nextCallbackId++),
      from: { ...from, is_bot: false },
      chat_instance: `ci-${message.chatId}`,
      message: {
        message_id: message.message_id,
        chat: { id: message.chatId, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        text: message.text,
      },
      data: button.callback_data,
    };
  }

  sendMessage(p: Record<string, unknown>): MethodAnswer {
    const chatId = Number(p.chat_id);
    if (!Number.isFinite(chatId) || typeof p.text !== 'string' || p.text === '') {
      return { error: { status: 400, description: 'Bad Request: message text is empty' } };
    }
    const keyboard = readKeyboard(p.reply_markup);
    if (keyboard === 'bad') return { error: { status: 400, description: 'Bad Request: BUTTON_DATA_INVALID' } };
    const message: SentMessage = { message_id: this.nextMessageId(), chatId, text: p.text, keyboard, edits: 0 };
    this.sent.push(message);
    return { ok: { message_id: message.message_id, chat: { id: chatId }, date: 0, text: p.text } };
  }

  editMessageText(p: Record<string, unknown>): MethodAnswer {
    const message = this.sent.find((m) => m.chatId === Number(p.chat_id) && m.message_id === Number(p.message_id));
    if (!message) return { error: { status: 400, description: 'Bad Request: message to edit not found' } };
    if (typeof p.text !== 'string' || p.text === '') {
      return { error: { status: 400, description: 'Bad Request: message text is empty' } };
    }
    const keyboard = readKeyboard(p.reply_markup);
    if (keyboard === 'bad') return { error: { status: 400, description: 'Bad Request: BUTTON_DATA_INVALID' } };
    Object.assign(message, { text: p.text, keyboard, edits: message.edits + 1 });
    return { ok: { message_id: message.message_id, chat: { id: message.chatId }, date: 0, text: p.text } };
  }

  answerCallbackQuery(p: Record<string, unknown>): MethodAnswer {
    const id = String(p.callback_query_id ?? '');
    // Telegram answers a query once; a second answer (or an unknown id) is an error.
    if (!id || this.answers.has(id) || Number(id) >= this.nextCallbackId) {
      return {
        error: {
          status: 400,
          description: 'Bad Request: query is too old and response timeout expired or query ID is invalid',
        },
      };
    }
    this.answers.set(id, typeof p.text === 'string' ? p.text : '');
    return { ok: true };
  }
}

/** reply_markup.inline_keyboard, checked as Telegram does: callback_data of 1-64 bytes. */
function readKeyboard(markup: unknown): Button[][] | 'bad' {
  const rows = (markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
  if (rows === undefined) return [];
  if (!Array.isArray(rows)) return 'bad';
  const ok = rows.every(
    (row) =>
      Array.isArray(row) &&
      row.every((b: Partial<Button>) => {
        const size = Buffer.byteLength(String(b?.callback_data ?? ''));
        return typeof b?.text === 'string' && size >= 1 && size <= 64;
      }),
  );
  return ok ? (rows as Button[][]) : 'bad';
}
