import { createHash } from 'node:crypto';
import type { Limit, RateLimiter } from '@gatehouse/redis';
import { findHash, hashRecoveryCode, matchStep, normalizeCode, normalizeRecoveryCode } from './codes';
import { totpErrors } from './errors';
import type { SecretBox } from './secret-box';
import type { TotpRecord, TotpStore } from './store';

/** 5 wrong codes per user, and per pending login, in 15 minutes; the next attempt waits (429). */
export const WRONG_CODE_LIMIT: Limit = { limit: 5, windowMs: 15 * 60_000 };

/** What a person gives as a second factor: a current code or one of the recovery codes. */
export interface FactorInput {
  code?: string;
  recoveryCode?: string;
}

/** The answer when too many wrong codes were given: retry after this many seconds. */
export interface Limited {
  limited: true;
  retryAfterSeconds: number;
}

export const userLimitKey = (userId: string) => `totp:user:${userId}`;
export const pendingLimitKey = (pendingId: string) =>
  `totp:pending:${createHash('sha256').update(pendingId).digest('hex')}`;

/** Which factor a check looked at. */
export type FactorKind = 'code' | 'recovery_code';

/**
 * Checks a code or recovery code for a user whose TOTP is active: every attempt is counted first
 * (atomically, shared through Redis), and only an attempt within the limits is checked, so however
 * many arrive at once, on however many replicas, at most the limit of them reach the secret. Each code
 * is accepted once (the used step and the used recovery code are marked in Postgres in the same
 * statement that checks them, so two replicas cannot both accept one).
 */
export class FactorChecker {
  constructor(
    private readonly store: TotpStore,
    private readonly box: SecretBox | undefined,
    private readonly limiter: RateLimiter,
    private readonly now: () => number = Date.now,
    /** Told of every factor checked against the user's secret or codes, right or not (metrics). */
    private readonly observe?: (factor: FactorKind, right: boolean) => void,
  ) {}

  /**
   * Counts one attempt on every counter, then says whether it may be checked: Limited when any of
   * them is past the limit (the attempt stays counted: a flood keeps its window full).
   */
  async counted(keys: string[]): Promise<Limited | undefined> {
    const verdicts = await Promise.all(keys.map((key) => this.limiter.hit(key, WRONG_CODE_LIMIT)));
    const waits = verdicts.filter((v) => !v.allowed).map((v) => v.retryAfterSeconds);
    return waits.length > 0 ? { limited: true, retryAfterSeconds: Math.max(...waits) } : undefined;
  }

  /** A right factor: the user's count starts again (the attempt itself was counted before the check). */
  async succeeded(userId: string): Promise<void> {
    await this.limiter.reset(userLimitKey(userId));
  }

  /** Records a check made (metrics), and passes its outcome on. */
  checked<T>(factor: FactorKind, outcome: T): T {
    this.observe?.(factor, Boolean(outcome));
    return outcome;
  }

  /** The time step of a valid code for the stored secret; undefined for a wrong one. */
  step(record: TotpRecord, code: string): number | undefined {
    const digits = normalizeCode(code);
    if (!digits) return undefined;
    const secret = this.openSecret(record);
    return matchStep(secret, digits, this.now());
  }

  openSecret(record: TotpRecord): Buffer {
    if (!this.box) throw totpErrors.keyMissing(new Error('AUTH_TOTP_KEY is unset'));
    try {
      return this.box.open(record.sealed, record.userId);
    } catch (err) {
      throw totpErrors.keyMissing(err);
    }
  }

  /** Input that cannot be a factor at all (both or neither field, a 100-character "code"): a bad request. */
  validate(input: FactorInput): void {
    if ((input.code ? 1 : 0) + (input.recoveryCode ? 1 : 0) !== 1) {
      throw totpErrors.badInput('give either code or recovery_code');
    }
    if ((input.code ?? input.recoveryCode ?? '').length > 64) throw totpErrors.badInput('the code is too long');
  }

  /**
   * Counts the attempt against `limitKeys`, then reads the user's record (`load`, which throws when
   * there is nothing to check against) and checks and uses the factor: a spent counter answers Limited
   * without a read or a look at the secret, so a flood costs Redis, not Postgres; wrong (or replayed)
   * stays counted and throws wrongCode. Input that cannot be a factor is a bad request and counts nothing.
   */
  async use(input: FactorInput, limitKeys: string[], load: () => Promise<TotpRecord>): Promise<Limited | undefined> {
    this.validate(input);
    const limited = await this.counted(limitKeys);
    if (limited) return limited;
    const record = await load();
    const accepted = input.code
      ? this.checked('code', await this.useCode(record, input.code))
      : this.checked('recovery_code', await this.useRecoveryCode(record.userId, input.recoveryCode ?? ''));
    if (!accepted) throw totpErrors.wrongCode();
    await this.succeeded(record.userId);
    return undefined;
  }

  private async useCode(record: TotpRecord, code: string): Promise<boolean> {
    const step = this.step(record, code);
    if (step === undefined || step <= record.lastStep) return false;
    if (!(await this.store.useStep(record.userId, step))) return false;
    // Rotation: a secret sealed with a retired key is sealed again with the current one once it is used.
    if (this.box?.needsReseal(record.sealed)) {
      await this.store.reseal(record.userId, this.box.seal(this.openSecret(record), record.userId));
    }
    return true;
  }

  private async useRecoveryCode(userId: string, given: string): Promise<boolean> {
    const normalized = normalizeRecoveryCode(given);
    if (!normalized) return false;
    const hash = hashRecoveryCode(userId, normalized);
    const stored = await this.store.unusedRecoveryHashes(userId);
    const at = findHash(hash, stored);
    if (at < 0) return false;
    return this.store.useRecoveryCode(userId, stored[at] as Buffer);
  }
}
