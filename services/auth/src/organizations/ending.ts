import type { Logger } from '@gatehouse/logger';

/** Ends every session of a user (sessions/device-sessions.ts): how a lost membership reaches every gateway. */
export interface SessionEnding {
  endAll(userId: string): Promise<unknown>;
}

/**
 * The sessions of users who lost rights end (revoked and announced to every gateway within a second):
 * their tokens carry the old roles until exp otherwise. Best effort after the commit: logged on failure.
 */
export async function endSessionsOf(
  sessions: SessionEnding | undefined,
  userIds: readonly string[],
  log: Logger,
): Promise<void> {
  if (!sessions) return;
  for (const id of userIds) {
    try {
      await sessions.endAll(id);
    } catch (err) {
      log.warn({ err, userId: id }, 'sessions of a changed membership not ended; their claims last until exp');
    }
  }
}
