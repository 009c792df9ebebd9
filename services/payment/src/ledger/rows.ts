// The ledger's rows as Postgres returns them, turned into the domain's records, and the statements'
// naming: shared by the store (postgres.ts) and its owner transaction (owner-transaction.ts).
import { createHash } from 'node:crypto';
import type { QueryConfig } from 'pg';
import type { DisputeRecord, ReversalRecord } from './money-back';
import type { CardRecord, LoadRecord } from './records';

export interface CardRow {
  id: string;
  owner_id: string;
  name: string;
  balance_cents: string;
  created_at: Date;
  held_cents: string;
  shortfall_cents: string;
  frozen_at: Date | null;
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
  reversed_cents: string;
}

export const toCard = (r: CardRow): CardRecord => ({
  id: Number(r.id),
  ownerId: r.owner_id,
  name: r.name,
  balanceCents: Number(r.balance_cents),
  createdAt: r.created_at,
  heldCents: Number(r.held_cents ?? 0),
  shortfallCents: Number(r.shortfall_cents ?? 0),
  frozenAt: r.frozen_at ?? null,
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
  reversedCents: Number(r.reversed_cents ?? 0),
});

export interface ReversalRow {
  id: string;
  load_id: string;
  card_id: string;
  owner_id: string;
  amount_cents: string;
  method: ReversalRecord['method'];
  status: ReversalRecord['status'];
  requested_by: string;
  processor_transaction_id: string | null;
  processor_response_code: string | null;
  processor_response_text: string | null;
  errors: ReversalRecord['errors'];
  idempotency_key: string | null;
  request_fingerprint: string | null;
  whole: boolean;
  created_at: Date;
  settled_at: Date | null;
}

export const toReversal = (r: ReversalRow): ReversalRecord => ({
  id: Number(r.id),
  loadId: Number(r.load_id),
  cardId: Number(r.card_id),
  ownerId: r.owner_id,
  amountCents: Number(r.amount_cents),
  method: r.method,
  status: r.status,
  requestedBy: r.requested_by,
  processorTransactionId: r.processor_transaction_id,
  processorResponseCode: r.processor_response_code,
  processorResponseText: r.processor_response_text,
  errors: r.errors,
  idempotencyKey: r.idempotency_key,
  requestFingerprint: r.request_fingerprint,
  whole: r.whole,
  createdAt: r.created_at,
  settledAt: r.settled_at,
});

export interface DisputeRow {
  id: string;
  processor_dispute_id: string;
  processor_transaction_id: string;
  load_id: string | null;
  card_id: string | null;
  owner_id: string | null;
  amount_cents: string;
  status: DisputeRecord['status'];
  kind: string;
  reason: string;
  held_cents: string;
  debited_cents: string;
  shortfall_cents: string;
  received_at: Date;
  updated_at: Date;
  closed_at: Date | null;
}

const idOrNull = (v: string | null) => (v === null ? null : Number(v));

export const toDispute = (r: DisputeRow): DisputeRecord => ({
  id: Number(r.id),
  processorDisputeId: r.processor_dispute_id,
  processorTransactionId: r.processor_transaction_id,
  loadId: idOrNull(r.load_id),
  cardId: idOrNull(r.card_id),
  ownerId: r.owner_id,
  amountCents: Number(r.amount_cents),
  status: r.status,
  kind: r.kind,
  reason: r.reason,
  heldCents: Number(r.held_cents),
  debitedCents: Number(r.debited_cents),
  shortfallCents: Number(r.shortfall_cents),
  receivedAt: r.received_at,
  updatedAt: r.updated_at,
  closedAt: r.closed_at,
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
