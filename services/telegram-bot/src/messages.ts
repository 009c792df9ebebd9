/**
 * What the bot writes when a login is started, in each confirmation mode (issue 16, part 3). Each names
 * the site and when the login was started, so a user who follows a link somebody else sent sees that
 * the login is not theirs.
 */

/** "on 2026-11-24 at 20:58 UTC (3 minutes ago)": the age matters more than the clock to the reader. */
export function startedWhen(startedAtMs: number, nowMs: number): string {
  const iso = new Date(startedAtMs).toISOString();
  const minutes = Math.floor(Math.max(0, nowMs - startedAtMs) / 60_000);
  const ago = minutes < 1 ? 'less than a minute ago' : minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  return `on ${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC (${ago})`;
}

export function buttonPrompt(site: string, when: string): string {
  return [
    `Log in to ${site}?`,
    `This login was started ${when}.`,
    `If you did not just start a login on ${site}, ignore this message or press Cancel.`,
  ].join('\n');
}

export function codeMessage(site: string, when: string, code: string): string {
  return [
    `Your login code for ${site}: ${code}`,
    `This login was started ${when}. Enter the code on the page where you started it.`,
    `If you did not just start a login on ${site}, ignore this and give the code to nobody.`,
  ].join('\n');
}

export const CONFIRM_LABEL = 'Confirm';
export const CANCEL_LABEL = 'Cancel';
export const CANCELLED = 'Login cancelled.';

/** Short texts shown for a button press (answerCallbackQuery allows 0-200 characters). */
export const PRESS_ANSWERS = {
  confirmed: 'Logged in',
  cancelled: 'Login cancelled',
  not_yours: 'This login was started by someone else.',
  gone: 'This login request has expired or is already finished.',
  unknown: 'This button is no longer valid.',
  failed: 'Something went wrong; please try again.',
} as const;
