import { z } from '@gatehouse/config';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '@gatehouse/contract';
import type Koa from 'koa';

/** An error of the card-loading contract: `{"status":"error","errors":[{code, message}]}` with `status`. */
export class PaymentHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: { code: string; message: string }[],
    /** Headers the answer carries (Retry-After on a retryable 503). */
    readonly headers: Record<string, string> = {},
  ) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
  }
}

export const badRequest = (message: string) => new PaymentHttpError(400, [{ code: 'http-400', message }]);

/** An Idempotency-Key header's value ('' when there is none), or the contract's 400. */
export function checkIdempotencyKey(key: string): string {
  if (!idempotencyKeyHolds(key)) {
    throw badRequest(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters`);
  }
  return key;
}

export const idempotencyKeyHolds = (key: string) =>
  key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && !/[^\x21-\x7e]/.test(key);

/** Bodies are small JSON objects; anything bigger is refused before it is read to the end. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * Reads and decodes a JSON body. Unlike the original app (`get_json(force=True)`), the body must be
 * declared `application/json` and not content-encoded: a cross-site HTML form can only send
 * form or text types, so this keeps such posts away wherever a credential rides along on its own
 * (basic auth). A decode failure is `http-400` with a message that starts with the failure and its
 * position, as the card-loading API promises; a NUL anywhere in the text is refused too, as no stored
 * text may hold one.
 */
export async function readJsonBody(ctx: Koa.Context): Promise<unknown> {
  if (!ctx.is('application/json', '+json')) {
    throw new PaymentHttpError(415, [{ code: 'http-415', message: 'the body must be application/json' }]);
  }
  const encoding = ctx.get('content-encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') {
    throw new PaymentHttpError(415, [{ code: 'http-415', message: 'content-encoded bodies are not accepted' }]);
  }
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return decodeJsonBody(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A body's text as JSON, or the contract's 400: a decode failure names itself and its position, and a
 * NUL anywhere is refused. Both ways to a card load (readJsonBody, and the gateway's answer before Koa
 * in lanes/card-load.ts) decode through here.
 */
export function decodeJsonBody(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw badRequest(`Failed to decode JSON object: ${describeJsonError(text, (err as Error).message)}`);
  }
  // After parsing, so that an escaped \u0000 is caught as well as a raw one.
  if (holdsNul(value)) throw badRequest('the body must not contain NUL characters');
  return value;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || holdsNul(inner));
  }
  return false;
}

const tooLarge = () =>
  new PaymentHttpError(413, [{ code: 'http-413', message: `request body is larger than ${MAX_BODY_BYTES} bytes` }]);

const positionIn = (message: string) => {
  const m = /at position (\d+)/.exec(message);
  return m ? Number(m[1]) : undefined;
};

/** A prefix that parses, or fails only because it ends: the error lies further on. */
function prefixIsIncomplete(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return true;
  } catch (err) {
    const message = (err as Error).message;
    if (message.startsWith('Unexpected end of JSON input')) return true;
    const at = positionIn(message);
    return at !== undefined && at >= prefix.length;
  }
}

/**
 * V8's message, with the position V8 leaves out of some messages ("Unexpected token 'x', "..." is not
 * valid JSON") found by bisecting prefixes, and as line and column, like Python's decoder reports.
 */
export function describeJsonError(text: string, message: string): string {
  let position = positionIn(message);
  if (position === undefined && message.startsWith('Unexpected end of JSON input')) position = text.length;
  if (position === undefined) {
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (prefixIsIncomplete(text.slice(0, mid))) lo = mid + 1;
      else hi = mid;
    }
    position = Math.max(0, lo - 1);
  }
  const reason = message
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/ of JSON input$/, ' of input');
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `${reason} at position ${position} (line ${line} column ${column})`;
}

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** "10", "10.5", "10.50" → cents; anything else (sign, exponent, three decimals, a number) is refused. */
export const amountText = z
  .string({ error: 'amount must be a decimal string such as "10.00"' })
  .refine((s) => AMOUNT.test(s), {
    error: 'amount must be a positive decimal with at most two places, such as "10.00"',
    abort: true,
  })
  .transform((s) => {
    const [whole, fraction = ''] = s.split('.');
    return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  })
  .refine((cents) => cents > 0, { error: 'amount must be greater than zero' })
  // For the OpenAPI document (gateway/src/openapi), which cannot read the checks above.
  .meta({ description: 'A positive decimal string, at most two places', pattern: AMOUNT.source, example: '10.00' });

export const loadBody = z.object(
  {
    nonce: z.string({ error: 'nonce is required' }).trim().min(1, 'nonce is required').max(4096, 'nonce is too long'),
    amount: amountText,
  },
  { error: 'the body must be a JSON object with "nonce" and "amount"' },
);

export const cardBody = z.object(
  { name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name is too long') },
  { error: 'the body must be a JSON object with "name"' },
);

/** Zod issues as contract errors: an amount problem has its own code, the rest is `http-400`. */
export function validationErrors(issues: z.core.$ZodIssue[]): PaymentHttpError {
  return new PaymentHttpError(
    400,
    issues.map((issue) => ({
      code: issue.path[0] === 'amount' ? 'invalid-amount' : 'http-400',
      message: issue.message,
    })),
  );
}
