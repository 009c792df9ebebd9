// The processor's notifications (Braintree webhooks): verified with the processor keys, which only this
// service holds; kept once, by a digest of the payload (the processor gives them no id; the trailing
// newline the SDK's check ignores is not part of it), in the same transaction as what they change;
// dispatched by kind. A bad signature changes nothing.
import { createHash } from 'node:crypto';
import { invalidArgument, permissionDenied } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { applyDisputeReport } from '../disputes/apply';
import { PaymentErrors } from '../errors';
import type { DisputeStore, NotificationOutcome } from '../ledger';
import { InvalidNotificationError, type Processor, type ProcessorNotification } from '../processor';

/** How long a received notification is kept. */
export const NOTIFICATION_RETENTION_MS = 90 * 86_400_000;

/**
 * What a notification is kept once by: the SHA-256 of its payload without its trailing newlines. The
 * SDK verifies a signature over the payload or over the payload and a newline (Braintree signs its
 * base64 with a newline at the end), so one signed notification verifies as `P\n` and as `P`: both are
 * the same notification (issue 43). No regular expression: a payload of newlines costs no backtracking.
 */
export function notificationDigest(payload: string): string {
  let end = payload.length;
  while (end > 0 && payload.charCodeAt(end - 1) === 10) end--;
  return createHash('sha256').update(payload.slice(0, end)).digest('hex');
}

export interface NotificationsDeps {
  disputes: DisputeStore;
  processor: Processor;
  log: Logger;
  clock: () => Date;
}

export interface NotificationAnswer {
  kind: string;
  outcome: NotificationOutcome | 'duplicate';
}

export class ProcessorNotifications {
  constructor(private readonly deps: NotificationsDeps) {}

  /** A posted notification (its form fields as received); PERMISSION_DENIED when it does not verify. */
  async handle(signature: string, payload: string): Promise<NotificationAnswer> {
    const { processor, disputes, log, clock } = this.deps;
    let n: ProcessorNotification;
    try {
      n = await processor.parseNotification(signature, payload);
    } catch (err) {
      if (!(err instanceof InvalidNotificationError)) throw err;
      log.warn({ err }, 'processor notification refused: it does not verify');
      throw permissionDenied(PaymentErrors.INVALID_SIGNATURE, 'the notification does not verify');
    }
    const receivedAt = clock();
    const outcome = await disputes.recordNotification(
      {
        digest: notificationDigest(payload),
        kind: n.kind,
        subjectId: n.subjectId,
        notifiedAt: n.timestamp,
        receivedAt,
        signature,
        payload,
      },
      async (tx) => {
        if (n.dispute) return applyDisputeReport(tx, n.dispute, receivedAt, log);
        // Kinds the ledger does not act on (check, disbursements, ...), and a dispute kind without a
        // dispute it can read, are kept all the same.
        return 'ignored';
      },
    );
    log.info({ kind: n.kind, subjectId: n.subjectId, outcome }, 'processor notification');
    return { kind: n.kind, outcome };
  }

  /** Braintree's `bt_challenge` verification of the notification URL. */
  verifyChallenge(challenge: string): string {
    try {
      return this.deps.processor.verifyChallenge(challenge);
    } catch (err) {
      if (!(err instanceof InvalidNotificationError)) throw err;
      throw invalidArgument(PaymentErrors.INVALID_CHALLENGE, err.message);
    }
  }

  /** Forgets notifications older than NOTIFICATION_RETENTION_MS, in batches; the number forgotten. */
  async prune(): Promise<number> {
    const before = new Date(this.deps.clock().getTime() - NOTIFICATION_RETENTION_MS);
    let pruned = 0;
    for (;;) {
      const n = await this.deps.disputes.pruneNotifications(before, 1000);
      pruned += n;
      if (n < 1000) return pruned;
    }
  }
}
