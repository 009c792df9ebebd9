import type { Metrics } from '@gatehouse/metrics';
import type { BotRecorder } from './bot';
import type { PollerLease } from './lease';

// The telegram-bot service's own series, made by the composition root only when metrics are on.

export function botRecorder(metrics: Metrics): BotRecorder {
  const updates = metrics.counter('gatehouse_telegram_updates_total', 'Telegram updates received (polled or webhook)');
  const attempts = metrics.counter('gatehouse_telegram_login_attempts_total', 'Login requests answered in the chat', [
    'outcome',
  ]);
  return {
    updateReceived: () => updates.inc(),
    loginAttempt: (outcome) => attempts.inc({ outcome }),
  };
}

/** The lease, with a gauge that says whether this instance holds it (1: it polls). */
export function watchedLease(lease: PollerLease, metrics: Metrics): PollerLease {
  const held = metrics.gauge('gatehouse_telegram_lease_held', 'This instance holds the poller lease (1) or not (0)');
  held.set(0);
  return {
    async acquireOrRenew() {
      try {
        const holding = await lease.acquireOrRenew();
        held.set(holding ? 1 : 0);
        return holding;
      } catch (err) {
        held.set(0);
        throw err;
      }
    },
    async release() {
      held.set(0);
      await lease.release();
    },
    readOffset: () => lease.readOffset(),
    writeOffset: (offset) => lease.writeOffset(offset),
  };
}
