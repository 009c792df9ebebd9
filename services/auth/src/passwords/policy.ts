import { type CommonPasswords, commonPasswords } from './common-passwords';
import type { BreachedPasswordCheck, PasswordRules, PolicyVerdict } from './types';

export interface PasswordPolicyOptions {
  /** The breached-password service's range API (AUTH_BREACHED_PASSWORDS_URL); none: the bundled list only. */
  breached?: BreachedPasswordCheck;
  /** Fewest characters (code points) a new password may have; NIST SP 800-63B: at least 8. */
  minLength?: number;
  /** Most characters accepted; NIST asks for at least 64. The cap bounds the hashing work of one request. */
  maxLength?: number;
  /** The blocklist; the bundled one by default (tests give their own). */
  common?: CommonPasswords;
}

/**
 * A new password under NIST SP 800-63B: its length counted in code points after NFKC (what is hashed,
 * so the same password typed on another keyboard or in another form of Unicode matches), no composition
 * rules (they make passwords harder to remember and no harder to guess), never truncated, and refused
 * when it is common or, with a service configured, known from a breach. Spaces and any Unicode are
 * allowed. Refusals say what to do, as a user reads them.
 */
export class PasswordPolicy implements PasswordRules {
  readonly minLength: number;
  readonly maxLength: number;
  private readonly breached: BreachedPasswordCheck | undefined;
  private readonly common: CommonPasswords;

  constructor({ breached, minLength = 8, maxLength = 1024, common }: PasswordPolicyOptions = {}) {
    if (!Number.isInteger(minLength) || minLength < 8) throw new Error('minLength must be an integer of at least 8');
    if (!Number.isInteger(maxLength) || maxLength < 64 || maxLength < minLength)
      throw new Error('maxLength must be an integer of at least 64 and at least minLength');
    this.minLength = minLength;
    this.maxLength = maxLength;
    this.breached = breached;
    this.common = common ?? commonPasswords();
  }

  async check(password: string): Promise<PolicyVerdict> {
    if (typeof password !== 'string' || password.length === 0) return { ok: false, error: 'Enter a password.' };
    // The cap is checked on the raw input first too, so a huge body is not normalised before it is refused.
    if (password.length > this.maxLength * 4) return this.tooLong();
    const normalized = password.normalize('NFKC');
    const length = codePoints(normalized);
    if (length < this.minLength)
      return {
        ok: false,
        error: `Use at least ${this.minLength} characters; a longer passphrase is easier to remember.`,
      };
    if (length > this.maxLength) return this.tooLong();
    if (this.common.has(normalized))
      return { ok: false, error: 'This password is too common; choose another (a few unrelated words work well).' };
    // Only a password that passed every local rule is sent on (as a 5-character hash prefix): the service
    // is the slowest check and learns less this way.
    if (this.breached && (await this.breached.isBreached(normalized)))
      return {
        ok: false,
        error:
          'This password appears in a data breach, so attackers try it first; choose another you have not used elsewhere.',
      };
    return { ok: true, normalized };
  }

  private tooLong(): PolicyVerdict {
    return { ok: false, error: `Use at most ${this.maxLength} characters.` };
  }
}

/** Characters as a user counts them (code points), not UTF-16 units: an emoji is one. */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
