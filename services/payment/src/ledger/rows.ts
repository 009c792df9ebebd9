// The ledger's rows as Postgres returns them, turned into the domain's records, and the statements'
// naming: shared by the store (postgres.ts) and its owner transaction (owner-transaction.ts).
import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';
import type { CardRecord, LoadRecord } from './records';

export interface CardRow {
  id: string;
  owner_id: string;
  name: string;
  balance_cents: string;
  created_at: Date;
}

export interface LoadRow {
  id: string;
  card_id: string;
  owner_id: string;
  amount_cents: string;
  status: LoadRecord['status'];
  processor_transaction_id: string | null;
  processor_response_code: string | null;
  processor_response_text: string | null;
  errors: LoadRecord['errors'];
  idempotency_key: string | null;
  request_fingerprint: string | null;
  created_at: Date;
}

export const toCard = (r: CardRow): CardRecord => ({
  id: Number(r.id),
  ownerId: r.owner_id,
  name: r.name,
  balanceCents: Number(r.balance_cents),
  createdAt: r.created_at,
});

export const toLoad = (r: LoadRow): LoadRecord => ({
  id: Number(r.id),
  cardId: Number(r.card_id),
  ownerId: r.owner_id,
  amountCents: Number(r.amount_cents),
  status: r.status,
  processorTransactionId: r.processor_transaction_id,
  processorResponseCode: r.processor_response_code,
  processorResponseText: r.processor_response_text,
  errors: r.errors,
  idempotencyKey: r.idempotency_key,
  requestFingerprint: r.request_fingerprint,
  createdAt: r.created_at,
});

const statementNames = new Map<string, string>();

/**
 * The query as a named prepared statement: Postgres parses and plans it once per connection instead of
 * on every load (the card-load path runs the same few statements thousands of times a second). The
 * name is derived from the text, so one text always has one name.
 */
export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `ledger_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}
