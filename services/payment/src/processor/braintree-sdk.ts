// What every call of the braintree SDK shares: its settings, where it points, how its rejections read
// (processed or not), and the deadline on each call. braintree.ts and braintree-money-back.ts use it.
import braintree from 'braintree';
import type { LoadError } from '../limits';

export interface BraintreeSettings {
  merchantId: string;
  publicKey: string;
  privateKey: string;
  environment: 'sandbox' | 'production';
  /** A loopback gateway (tests, `http://127.0.0.1:9099`); wins over `environment`. */
  gatewayUrl?: string;
  timeoutMs: number;
}

/** Sale statuses that moved, or will move, money (Braintree's transaction statuses). */
export const CHARGED = new Set([
  'authorizing',
  'authorized',
  'submitted_for_settlement',
  'settling',
  'settlement_pending',
  'settlement_confirmed',
  'settled',
]);

/**
 * SDK rejections that prove Braintree did not process the request: it refused to authenticate us,
 * the merchant or path does not exist, our keys were invalid before sending, or we were rate
 * limited. Every other rejection (timeouts, 5xx, network errors) leaves the outcome unknown.
 */
export const NOT_PROCESSED = new Set([
  'authenticationError',
  'authorizationError',
  'notFoundError',
  'invalidKeysError',
  'upgradeRequired',
  'tooManyRequestsError',
  'testOperationPerformedInProductionError',
]);

/** What the ledger records, and clients read, when the processor gave no usable answer. */
export const PROCESSOR_TEXTS = {
  refused: 'the payment processor refused the request',
  unreachable: 'the payment processor could not be reached; nothing was charged',
  noAnswer: 'no answer from the payment processor; the outcome is unknown',
};

/**
 * Failures before a single byte reached the processor: the connection was refused or the name did
 * not resolve. Nothing can have been charged, so the load fails at once instead of waiting for
 * reconciliation (and counting against the user's limits meanwhile).
 */
export function neverSent(err: unknown): boolean {
  const text = `${(err as { code?: unknown })?.code ?? ''} ${err instanceof Error ? err.message : String(err)}`;
  return /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN)\b/.test(text);
}

export function environmentFor(settings: BraintreeSettings): braintree.Environment {
  if (settings.gatewayUrl) {
    const url = new URL(settings.gatewayUrl);
    const ssl = url.protocol === 'https:';
    const port = url.port || (ssl ? '443' : '80');
    // The SDK calls environment.server:port directly over http or https.
    return new braintree.Environment(url.hostname, port, url.origin, ssl, url.hostname, port);
  }
  return settings.environment === 'production' ? braintree.Environment.Production : braintree.Environment.Sandbox;
}

/** What a rejected SDK call means: the processor refused our request (`error`), or no answer (`unknown`). */
export function rejectionOf(err: unknown): { kind: 'error' | 'unknown'; reason: string } {
  const type = (err as { type?: string }).type;
  if (type && NOT_PROCESSED.has(type)) return { kind: 'error', reason: PROCESSOR_TEXTS.refused };
  if (neverSent(err)) return { kind: 'error', reason: PROCESSOR_TEXTS.unreachable };
  return { kind: 'unknown', reason: PROCESSOR_TEXTS.noAnswer };
}

/** Bounds a whole call (the SDK's own timeout is per socket inactivity: a trickling reply passes it). */
export function withDeadline<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** Every item of an SDK search stream. */
export async function collect<T>(stream: AsyncIterable<unknown>): Promise<T[]> {
  const results: T[] = [];
  for await (const item of stream) results.push(item as T);
  return results;
}

/**
 * Why a sale was declined, most specific first: validation errors, then the settlement, processor and
 * gateway answers (the order clients of the card-loading API have always seen).
 */
export function declineErrors(result: braintree.ValidatedResponse<braintree.Transaction>): LoadError[] {
  const deep = result.errors?.deepErrors() ?? [];
  if (deep.length > 0) return deep.map((e) => ({ code: String(e.code), message: e.message }));
  const t = result.transaction as braintree.Transaction | undefined;
  if (t?.processorSettlementResponseCode) {
    return [{ code: t.processorSettlementResponseCode, message: t.processorSettlementResponseText ?? '' }];
  }
  if (t?.processorResponseCode) return [{ code: t.processorResponseCode, message: t.processorResponseText ?? '' }];
  if (t?.gatewayRejectionReason) {
    return [
      { code: t.gatewayRejectionReason, message: result.message || `Gateway Rejected: ${t.gatewayRejectionReason}` },
    ];
  }
  return [{ code: 'UNKNOWN', message: result.message || 'UNKNOWN' }];
}
