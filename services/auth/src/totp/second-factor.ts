import type { RateLimiter } from '@gatehouse/redis';
import {
  type Claims,
  type Issued,
  type RecordSeal,
  randomToken,
  type TokenService,
  type User,
  userSchema,
} from '@gatehouse/token';
import { z } from 'zod';
import { base32, hashRecoveryCode, newRecoveryCodes, newSecret, normalizeRecoveryCode, otpauthUri } from './codes';
import { totpErrors } from './errors';
import {
  type FactorChecker,
  type FactorInput,
  type FactorKind,
  type Limited,
  pendingLimitKey,
  userLimitKey,
} from './factor-check';
import type { PendingLogins } from './pending';
import type { SecretBox } from './secret-box';
import type { TotpRecord, TotpStore } from './store';

/** A login waiting for its second factor lives this long (the pending cookie's Max-Age too). */
export const PENDING_TTL_MS = 5 * 60_000;

/** What a login that needs a second factor gives instead of a session: the pending cookie's value. */
export interface PendingLogin {
  id: string;
  maxAgeSeconds: number;
}

/**
 * The login as its first factor left it, kept in the pending record until the code comes: sealed
 * (pendingSeal), and parsed strictly once opened. `until` repeats the record's lifetime inside the seal,
 * so a record kept in Redis past its TTL by whoever reaches Redis is not good for longer.
 */
const pendingRecord = z.strictObject({
  user: userSchema,
  aud: z.string(),
  provider: z.string(),
  sessionOnly: z.boolean(),
  noAvatar: z.boolean(),
  amr: z.array(z.string()),
  redirectUrl: z.string(),
  until: z.number(),
});

/** Where a pending record is bound to: its own id (the browser's cookie), which Redis never holds. */
const pendingContext = (id: string) => `totp-pending:${id}`;

export interface SecondFactorDeps {
  store: TotpStore;
  /** Undefined without AUTH_TOTP_KEY: nobody can set TOTP up; logins of users who have it still wait for it. */
  box: SecretBox | undefined;
  checker: FactorChecker;
  pending: PendingLogins;
  /** Seals pending records (a key of the auth service only, see openSecondFactor): Redis alone cannot make one. */
  pendingSeal: RecordSeal;
  limiter: RateLimiter;
  tokens: TokenService;
  /** Shown in authenticator apps next to the account name. */
  issuer: string;
  /**
   * Whether the user has TOTP on, as the login's own directory statement read it (Directory
   * .secondFactorAtLogin); undefined: ask the store.
   */
  readAtLogin?: (jti: string, userId: string) => boolean | undefined;
  now?: () => number;
}

/** The second factor's `amr` values (RFC 8176): a one-time password, and so more than one factor. */
const SECOND_FACTOR_AMR = ['otp', 'mfa'];

/**
 * TOTP as a second factor: a user sets it up (secret, then a first code turns it on and gives recovery
 * codes), and from then on every login of theirs except a passkey's waits for a code (`hold` is the one
 * place a login's session is kept back; `verify` issues it). Acts for the user the gateway vouches for.
 */
export class SecondFactor {
  private readonly now: () => number;

  constructor(private readonly deps: SecondFactorDeps) {
    this.now = deps.now ?? Date.now;
  }

  async status(userId: string): Promise<{ active: boolean; recoveryCodesLeft: number }> {
    const record = await this.deps.store.find(userId);
    if (!record?.active) return { active: false, recoveryCodesLeft: 0 };
    return { active: true, recoveryCodesLeft: (await this.deps.store.unusedRecoveryHashes(userId)).length };
  }

  /** A new secret, not enforced until activated; replaces a secret that was never activated. */
  async setup(user: User): Promise<{ secret: string; uri: string }> {
    const box = this.deps.box;
    if (!box) throw totpErrors.disabled();
    const secret = newSecret();
    if (!(await this.deps.store.putPending(user.id, box.seal(secret, user.id)))) throw totpErrors.alreadyOn();
    return { secret: base32(secret), uri: otpauthUri(secret, this.deps.issuer, user.name || user.id) };
  }

  /** The first code proves the app holds the secret: TOTP is on, and the 10 recovery codes are shown once. */
  async activate(userId: string, code: string): Promise<{ recoveryCodes: string[] } | Limited> {
    if (!this.deps.box) throw totpErrors.disabled();
    const { checker, store } = this.deps;
    if (code.length > 64) throw totpErrors.badInput('the code is too long');
    // Counted before the record is read and the code checked: many sent at once cannot all be tried
    // against the secret, and those past the limit cost no Postgres read.
    const limited = await checker.counted([userLimitKey(userId)]);
    if (limited) return limited;
    const record = await store.find(userId);
    if (!record) throw totpErrors.notSetUp();
    if (record.active) throw totpErrors.alreadyOn();
    const step = checker.checked('code', checker.step(record, code));
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((c) => hashRecoveryCode(userId, normalizeRecoveryCode(c) as string));
    if (step === undefined || !(await store.activate(userId, step, hashes))) throw totpErrors.wrongCode();
    await checker.succeeded(userId);
    return { recoveryCodes };
  }

  /**
   * New recovery codes for a current code (or a recovery code, which is used up by it): 10 new ones,
   * shown once, and every earlier one stops working. Wrong codes count as for removal.
   */
  async regenerateRecoveryCodes(userId: string, input: FactorInput): Promise<{ recoveryCodes: string[] } | Limited> {
    const limited = await this.deps.checker.use(input, [userLimitKey(userId)], () => this.activeRecord(userId));
    if (limited) return limited;
    const recoveryCodes = newRecoveryCodes();
    const hashes = recoveryCodes.map((c) => hashRecoveryCode(userId, normalizeRecoveryCode(c) as string));
    // Turned off on another device since the check: there are no codes to replace.
    if (!(await this.deps.store.replaceRecoveryCodes(userId, hashes))) throw totpErrors.notOn();
    return { recoveryCodes };
  }

  /** Turns TOTP off with a current code (or a recovery code): the secret and the codes are deleted. */
  async disable(userId: string, input: FactorInput): Promise<Limited | undefined> {
    const limited = await this.deps.checker.use(input, [userLimitKey(userId)], () => this.activeRecord(userId));
    if (limited) return limited;
    await this.deps.store.remove(userId);
    return undefined;
  }

  /** The user's record when TOTP is on; notOn otherwise (read after the attempt is counted). */
  private async activeRecord(userId: string): Promise<TotpRecord> {
    const record = await this.deps.store.find(userId);
    if (!record?.active) throw totpErrors.notOn();
    return record;
  }

  /**
   * The check every login but a passkey's passes through before its session leaves the auth service:
   * a user with TOTP on gets a pending login (an opaque id, 5 minutes, in Redis) instead of the session,
   * which is dropped unsent. `redirectUrl` is where the browser goes once the code is given.
   */
  async hold(session: Issued, redirectUrl: string): Promise<{ session: Issued } | { pending: PendingLogin }> {
    const claims: Claims = session.claims;
    const user = claims.user;
    if (!user) return { session };
    // Fail closed: with Postgres out of reach nobody's login can be said to need no code.
    const active =
      this.deps.readAtLogin?.(session.jti, user.id) ??
      (await this.deps.store.isActive(user.id).catch((err: unknown) => {
        throw totpErrors.storeUnavailable(err);
      }));
    if (!active) return { session };
    const id = randomToken();
    const record: Omit<z.input<typeof pendingRecord>, 'user'> & { user: User } = {
      user,
      aud: claims.aud ?? '',
      provider: claims.auth_provider?.name ?? '',
      sessionOnly: claims.sess_only === true,
      noAvatar: claims['no-ava'] === true,
      amr: claims.amr ?? [],
      redirectUrl,
      until: this.now() + PENDING_TTL_MS,
    };
    await this.deps.pending.put(id, this.deps.pendingSeal.seal(record, pendingContext(id)), PENDING_TTL_MS);
    return { pending: { id, maxAgeSeconds: PENDING_TTL_MS / 1000 } };
  }

  /**
   * Completes a pending login with a code or recovery code: the session as the first factor's login
   * would have issued it, now (auth_time) and with "otp" and "mfa" added to its amr. The pending login
   * is used up by the first right answer; wrong ones count per pending login and per user. `factor`
   * says which was given.
   */
  async verify(
    pendingId: string,
    input: FactorInput,
  ): Promise<{ session: Issued; redirectUrl: string; factor: FactorKind } | Limited> {
    if (!pendingId || pendingId.length > 128) throw totpErrors.pendingUnknown();
    const raw = await this.deps.pending.get(pendingId);
    if (raw === undefined) throw totpErrors.pendingUnknown();
    // A record this service did not seal for this very id (written into Redis by someone else, copied
    // from another login, altered) opens to nothing and is refused like an unknown one.
    const parsed = pendingRecord.safeParse(this.deps.pendingSeal.open(raw, pendingContext(pendingId)));
    if (!parsed.success || parsed.data.until <= this.now()) throw totpErrors.pendingUnknown();
    const login = parsed.data;
    const keys = [pendingLimitKey(pendingId), userLimitKey(login.user.id)];
    const limited = await this.deps.checker.use(input, keys, async () => {
      const record = await this.deps.store.find(login.user.id);
      // Turned off meanwhile (on another device): no code can be checked; a new login needs none.
      if (!record?.active) throw totpErrors.pendingUnknown();
      return record;
    });
    if (limited) return limited;
    // GETDEL: two right answers racing (two tabs) complete the login once.
    if ((await this.deps.pending.take(pendingId)) === undefined) throw totpErrors.pendingUnknown();
    await this.deps.limiter.reset(pendingLimitKey(pendingId));
    const amr = [...login.amr, ...SECOND_FACTOR_AMR.filter((m) => !login.amr.includes(m))];
    const session = await this.deps.tokens.issueSession({
      user: login.user,
      aud: login.aud,
      provider: login.provider,
      sessionOnly: login.sessionOnly,
      noAvatar: login.noAvatar,
      amr,
      // The first factor's session already carried the user's id (the directory resolved it then).
      subject: { kind: 'user' },
    });
    // `use` took exactly one of the two (FactorChecker.validate).
    return { session, redirectUrl: login.redirectUrl, factor: input.code ? 'code' : 'recovery_code' };
  }
}
