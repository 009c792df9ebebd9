/**
 * The seams between password accounts' flows (signup, login, reset, ...) and the checks they call,
 * each made by its own module under passwords/ and chosen by the composition root from the settings
 * (docs/password-accounts.md).
 */

/** A new password's verdict under the policy: its NFKC form to hash, or a refusal a user can act on. */
export type PolicyVerdict = { ok: true; normalized: string } | { ok: false; error: string };

/**
 * NIST SP 800-63B: length (at least 8, at least 64 allowed, counted in code points), no composition
 * rules, the bundled list of common passwords always, a breached-password service when configured.
 */
export interface PasswordRules {
  check(password: string): Promise<PolicyVerdict>;
}

/**
 * The k-anonymity range API of a breached-password service. Never throws: a timeout or an error
 * answers false (the password is let through) and is counted, so an outage does not stop sign-ups.
 */
export interface BreachedPasswordCheck {
  isBreached(password: string): Promise<boolean>;
}

/**
 * A CAPTCHA provider's siteverify. Fails closed: a timeout, an error, an unreadable answer or another
 * hostname is false.
 */
export interface CaptchaCheck {
  verify(token: string, remoteIp: string): Promise<boolean>;
}

/** Hashes not made here (users imported with their hashes), verified until replaced by Argon2id. */
export interface ImportedHashes {
  /** True when `stored` is one of the imported kinds this module verifies. */
  recognises(stored: string): boolean;
  /** The raw password against the stored hash (never NFKC-normalised: the old system did not). */
  verify(stored: string, password: string): Promise<boolean>;
}
