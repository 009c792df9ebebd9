// A load whose reservation the ledger could not take never reached the processor: nothing was charged,
// and its caller is told so (UNAVAILABLE, a retry is safe). One case needs care: a COMMIT whose
// connection was lost before its answer may have committed after all, leaving a pending row with the
// request's Idempotency-Key that nobody will ever send to the processor. The retry the caller was
// promised would meet that row ("in progress") until reconciliation fails it, minutes later. So the
// process that knows the load was never sent releases it as soon as the ledger answers again.
import { unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { PaymentErrors } from '../errors';
import type { LedgerStore, LedgerUnavailableError, UnsentReservation } from '../ledger';
import { auditLoadRecord } from './audit';
import { NOT_SENT } from './settlement';

/** The caller's answer: the service's own UNAVAILABLE, which for LoadCard always means nothing was charged. */
export const ledgerUnavailable = (cause: LedgerUnavailableError) =>
  unavailable(
    PaymentErrors.DATABASE_UNAVAILABLE,
    'the card ledger cannot take loads now; nothing was charged. Retry',
    cause,
  );

/** Pauses between attempts to release, doubling up to the last, about two minutes in all. */
const RELEASE_PAUSES_MS = [250, 500, 1_000, 2_000, 4_000, ...Array<number>(22).fill(5_000)];

export interface ReleaseDeps {
  store: LedgerStore;
  log: Logger;
  clock: () => Date;
  /** True once the service is stopping: no more attempts (reconciliation settles what is left). */
  stopping(): boolean;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Releases the pending load an in-doubt reservation may have left (LedgerStore.releaseUnsent), trying
 * again while the ledger is out of reach. If it never answers in time, the row stays pending and
 * reconciliation fails it (the processor has no sale for it); until then its key answers "in progress".
 */
export async function releaseUnsent(deps: ReleaseDeps, reservation: UnsentReservation): Promise<void> {
  const about = { ownerId: reservation.ownerId, createdAt: reservation.createdAt };
  for (let attempt = 0; ; attempt++) {
    try {
      const released = await deps.store.releaseUnsent(reservation, {
        errors: [NOT_SENT],
        text: 'released: the commit of its reservation was never confirmed, so it was never sent to the processor',
        releasedAt: deps.clock(),
      });
      if (released) auditLoadRecord(deps.log, released, 'failed', 'failed', null, released.errors);
      deps.log.info(
        { ...about, loadId: released?.id },
        released
          ? 'in-doubt reservation released: it had committed, it was never sent, its key is free'
          : 'in-doubt reservation had not committed: nothing to release',
      );
      return;
    } catch (err) {
      const wait = RELEASE_PAUSES_MS[attempt];
      if (wait === undefined || deps.stopping()) {
        deps.log.warn({ err, ...about }, 'in-doubt reservation not released; reconciliation will settle it');
        return;
      }
      await pause(wait);
    }
  }
}
