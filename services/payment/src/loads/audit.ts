// The audit trail of money movement: one info line per load that reaches an outcome, whichever path it
// took (answered in the call, refused by a limit, left unknown, settled later by reconciliation).
import type { Logger } from '@gatehouse/logger';
import type { LoadRecord, LoadStatus } from '../ledger';
import type { LoadError } from '../limits';
import { formatCents } from '../money';

/** What the line says happened; `reconciled` is a load settled after the call, its `status` the result. */
export type AuditOutcome = Exclude<LoadStatus, 'pending'> | 'reconciled';

export interface AuditedLoad {
  loadId: number;
  ownerId: string;
  cardId: number;
  amountCents: number;
  outcome: AuditOutcome;
  /** The ledger status the load has now (for `reconciled`: succeeded or failed). */
  status: LoadStatus;
  /** The processor's id for the sale, when it named one (also for an approved sale the ledger missed). */
  processorTransactionId: string | null;
  errors: readonly LoadError[];
}

export const AUDIT_MESSAGE = 'load settled';

/**
 * Writes the load's audit line. Inside a gRPC call the logger adds the caller's trace_id (the gateway's
 * X-Request-Id); reconciliation runs outside any request, and its line is found by `loadId`. Only ids,
 * the amount and codes go in: never the nonce, a token or the processor's raw answer.
 */
export function auditLoad(log: Logger, load: AuditedLoad): void {
  log.info(
    {
      audit: 'load',
      loadId: load.loadId,
      ownerId: load.ownerId,
      cardId: load.cardId,
      amount: formatCents(load.amountCents),
      outcome: load.outcome,
      status: load.status,
      processorTransactionId: load.processorTransactionId,
      errorCodes: load.errors.map((e) => e.code),
    },
    AUDIT_MESSAGE,
  );
}

/** The audit line of a load record: what happened to it, its status now and what the processor said. */
export function auditLoadRecord(
  log: Logger,
  load: LoadRecord,
  outcome: AuditOutcome,
  status: LoadStatus,
  processorTransactionId: string | null,
  errors: readonly LoadError[],
): void {
  auditLoad(log, {
    loadId: load.id,
    ownerId: load.ownerId,
    cardId: load.cardId,
    amountCents: load.amountCents,
    outcome,
    status,
    processorTransactionId,
    errors,
  });
}
