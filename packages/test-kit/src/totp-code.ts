import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;
/**
 * A code is not made in the last seconds of its step: a request that reaches the auth service after the
 * step turned would find a code made for the previous step two steps back, out of its one-step window
 * (a flake seen on a busy machine). Waiting for the next step is no timed assertion: nothing is measured.
 */
const MARGIN_MS = 8_000;

/** The TOTP code of `secret` (base32) for the current step plus `offsetSteps`, as an authenticator app shows it. */
export async function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  const into = Date.now() % PERIOD_MS;
  if (into > PERIOD_MS - MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, PERIOD_MS - into + 20));
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSteps * PERIOD_MS });
}
