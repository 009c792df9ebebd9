import { parseDuration } from '@gatehouse/config';

/**
 * When a failed delivery is tried again (Standard Webhooks' and Svix's schedule): immediately, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure; then it is given up.
 */
export const DEFAULT_RETRY_SCHEDULE = ['0s', '5s', '5m', '30m', '2h', '5h', '10h', '10h'];

/** WEBHOOK_RETRY_SCHEDULE: comma-separated durations (`0s,5s,5m`); the problem, or the delays in ms. */
export function parseRetrySchedule(text: string | undefined): number[] | string {
  const parts = (text ?? '').trim() === '' ? DEFAULT_RETRY_SCHEDULE : (text ?? '').split(',').map((p) => p.trim());
  const delays: number[] = [];
  for (const part of parts) {
    const ms = part === '0' || part === '0s' ? 0 : parseDuration(part);
    if (ms === null || ms < 0) return `"${part}" is not a duration such as 0s, 5s, 5m or 2h`;
    delays.push(ms);
  }
  return delays;
}

/**
 * The delay before attempt `n + 1` after `n` attempts failed, with up to 10 % jitter either way so the
 * retries of an outage do not all arrive at once; null when the schedule is spent.
 */
export function retryDelay(schedule: readonly number[], failedAttempts: number, random = Math.random): number | null {
  const base = schedule[failedAttempts];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random()));
}
