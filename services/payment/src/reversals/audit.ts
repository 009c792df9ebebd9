// The audit line of a reversal that reaches an outcome (or a new state), as loads have theirs
// (loads/audit.ts): one info line, with who asked; only ids, amounts and codes.
import type { Logger } from '@gatehouse/logger';
import type { ReversalRecord } from '../ledger';
import { formatCents } from '../money';

export const REVERSAL_AUDIT_MESSAGE = 'reversal settled';

/** `outcome`: what happened now (`refused`, `succeeded`, ..., `reconciled`, `recorded` for one found at the processor). */
export function auditReversal(log: Logger, r: ReversalRecord, outcome: string): void {
  log.info(
    {
      audit: 'reversal',
      reversalId: r.id,
      loadId: r.loadId,
      ownerId: r.ownerId,
      cardId: r.cardId,
      amount: formatCents(r.amountCents),
      method: r.method,
      outcome,
      status: r.status,
      requestedBy: r.requestedBy,
      processorTransactionId: r.processorTransactionId,
      errorCodes: r.errors.map((e) => e.code),
    },
    REVERSAL_AUDIT_MESSAGE,
  );
}
