// The domain's records as payment.v1 messages, and what every handler shares: ids from the wire, and
// Postgres out of reach as UNAVAILABLE.
import { AppError, unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import type { payment } from '@gatehouse/proto';
import { isDatabaseUnavailable } from '../db';
import { PaymentErrors } from '../errors';
import type { CardRecord, DisputeRecord, LoadStatus, ReversalMethod, ReversalRecord, ReversalStatus } from '../ledger';
import type { LoadView } from '../reversals/views';
import type { Statement } from '../statements/statement';

export const LOAD_STATUS: Record<LoadStatus, payment.LoadStatus__Output> = {
  pending: 'LOAD_STATUS_PENDING',
  succeeded: 'LOAD_STATUS_SUCCEEDED',
  failed: 'LOAD_STATUS_FAILED',
  unknown: 'LOAD_STATUS_UNKNOWN',
  refused: 'LOAD_STATUS_REFUSED',
};

export const REVERSAL_STATUS: Record<ReversalStatus, payment.ReversalStatus__Output> = {
  pending: 'REVERSAL_STATUS_PENDING',
  awaiting_settlement: 'REVERSAL_STATUS_AWAITING_SETTLEMENT',
  succeeded: 'REVERSAL_STATUS_SUCCEEDED',
  failed: 'REVERSAL_STATUS_FAILED',
  unknown: 'REVERSAL_STATUS_UNKNOWN',
  refused: 'REVERSAL_STATUS_REFUSED',
};

const METHOD: Record<ReversalMethod, payment.ReversalMethod__Output> = {
  void: 'REVERSAL_METHOD_VOID',
  refund: 'REVERSAL_METHOD_REFUND',
};

/**
 * Postgres out of reach is UNAVAILABLE (callers may retry); domain errors (AppError) pass as they are,
 * anything else is internal.
 */
export async function databaseFaultsUnavailable<T>(log: Logger, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (isDatabaseUnavailable(err)) {
      log.warn({ err }, 'Postgres unavailable');
      throw unavailable(PaymentErrors.DATABASE_UNAVAILABLE, 'the card ledger is unavailable', err);
    }
    throw err;
  }
}

/** int64 arrives as a decimal string (longs: String); anything that is not a safe id matches no card. */
export const toId = (value: string | number): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** An amount in cents from the wire: anything that is not a safe integer is refused by the domain. */
export const toCents = (value: string | number): number => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : -1;
};

export const cardMessage = (c: CardRecord): payment.Card => ({
  id: c.id,
  name: c.name,
  balanceCents: c.balanceCents,
  createdAt: c.createdAt.toISOString(),
  heldCents: c.heldCents,
  frozen: c.frozenAt !== null,
  shortfallCents: c.shortfallCents,
});

export const reversalMessage = (r: ReversalRecord): payment.Reversal => ({
  id: r.id,
  loadId: r.loadId,
  amountCents: r.amountCents,
  method: METHOD[r.method],
  status: REVERSAL_STATUS[r.status],
  requestedBy: r.requestedBy,
  processorTransactionId: r.processorTransactionId ?? '',
  processorResponseCode: r.processorResponseCode ?? '',
  processorResponseText: r.processorResponseText ?? '',
  errors: r.errors,
  createdAt: r.createdAt.toISOString(),
  settledAt: r.settledAt?.toISOString() ?? '',
});

export const loadMessage = (l: LoadView): payment.Load => ({
  id: l.id,
  cardId: l.cardId,
  amountCents: l.amountCents,
  status: LOAD_STATUS[l.status],
  processorTransactionId: l.processorTransactionId ?? '',
  processorResponseCode: l.processorResponseCode ?? '',
  processorResponseText: l.processorResponseText ?? '',
  createdAt: l.createdAt.toISOString(),
  reversals: l.reversals.map(reversalMessage),
  reversibleCents: l.reversibleCents,
});

export const disputeMessage = (d: DisputeRecord): payment.Dispute => ({
  id: d.processorDisputeId,
  processorTransactionId: d.processorTransactionId,
  loadId: d.loadId ?? 0,
  cardId: d.cardId ?? 0,
  amountCents: d.amountCents,
  heldCents: d.heldCents,
  debitedCents: d.debitedCents,
  shortfallCents: d.shortfallCents,
  status: d.status,
  kind: d.kind,
  reason: d.reason,
  receivedAt: d.receivedAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

export const statementMessage = (s: Statement): payment.GetStatementResponse => ({
  cardId: s.cardId,
  month: s.month,
  from: s.from.toISOString(),
  to: s.to.toISOString(),
  openingBalanceCents: s.openingBalanceCents,
  lines: s.lines.map((l) => ({
    at: l.at.toISOString(),
    kind: l.kind,
    id: l.id,
    loadId: l.loadId ?? 0,
    amountCents: l.amountCents,
    balanceCents: l.balanceCents,
  })),
  closingBalanceCents: s.closingBalanceCents,
});
