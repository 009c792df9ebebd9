import { duration, flag, optionalText } from '@gatehouse/config';
import { parseRetrySchedule } from '@gatehouse/events';
import type { TotpSettings } from '../totp/config';

/** The trail's and the webhooks' environment variables (docs/events.md). */
export const eventsSettingsShape = {
  /** How long events are kept (default 90 days); older ones are removed in bounded batches. */
  AUDIT_RETENTION: duration('90d'),
  /** Delays before each delivery attempt, comma-separated (default 0s,5s,5m,30m,2h,5h,10h,10h). */
  WEBHOOK_RETRY_SCHEDULE: optionalText(),
  /** How often an idle dispatcher looks for events and due deliveries (default 1s): one small read a poll. */
  WEBHOOK_POLL_INTERVAL: duration('1s'),
  /** Lets webhooks reach private and loopback addresses: development and tests only. */
  WEBHOOK_ALLOW_PRIVATE: flag(false),
};

export interface EventsSettings {
  retentionMs: number;
  retrySchedule: number[];
  allowPrivate: boolean;
  pollMs: number;
  /**
   * AUTH_TOTP_KEY and its retired keys (the TOTP settings'): endpoint secrets are sealed under a key
   * derived from them, so one operator secret, rotated the same way; without a key, in the clear.
   */
  secretKeys: Pick<TotpSettings, 'key' | 'previous'> | undefined;
}

export function resolveEventsSettings(
  raw: {
    AUDIT_RETENTION: number;
    WEBHOOK_RETRY_SCHEDULE?: string;
    WEBHOOK_ALLOW_PRIVATE: boolean;
    WEBHOOK_POLL_INTERVAL: number;
  },
  problems: string[],
  secretKeys?: Pick<TotpSettings, 'key' | 'previous'>,
): EventsSettings {
  const schedule = parseRetrySchedule(raw.WEBHOOK_RETRY_SCHEDULE);
  if (typeof schedule === 'string') problems.push(`WEBHOOK_RETRY_SCHEDULE: ${schedule}`);
  return {
    retentionMs: raw.AUDIT_RETENTION,
    retrySchedule: typeof schedule === 'string' ? [] : schedule,
    allowPrivate: raw.WEBHOOK_ALLOW_PRIVATE,
    pollMs: raw.WEBHOOK_POLL_INTERVAL,
    secretKeys,
  };
}
