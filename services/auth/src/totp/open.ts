import { randomBytes } from 'node:crypto';
import type { Logger } from '@gatehouse/logger';
import type { RateLimiter } from '@gatehouse/redis';
import { RecordSeal, type TokenService } from '@gatehouse/token';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type { TotpSettings } from './config';
import { FactorChecker, type FactorKind } from './factor-check';
import { MemoryPendingLogins, RedisPendingLogins } from './pending';
import { SecondFactor } from './second-factor';
import { SecretBox } from './secret-box';
import { PgTotpStore } from './store';

export interface OpenSecondFactorDeps {
  /** The auth service's Postgres pool (migrated); undefined: no TOTP at all. */
  pool: Pool | undefined;
  settings: TotpSettings | undefined;
  redis: { client: Redis; keyPrefix: string } | undefined;
  limiter: RateLimiter;
  tokens: TokenService;
  issuer: string;
  log: Logger;
  /** Told of every second factor checked against a user's secret or recovery codes (metrics). */
  checked?: (factor: FactorKind, right: boolean) => void;
  /** SecondFactorDeps.readAtLogin: the directory's reading of TOTP in the login's own statement. */
  readAtLogin?: (jti: string, userId: string) => boolean | undefined;
}

/**
 * TOTP from the configuration: with a database, logins of users who turned it on always wait for a code
 * (even with AUTH_TOTP_KEY gone, when only a recovery code can pass); setting it up needs the key too.
 */
export function openSecondFactor(deps: OpenSecondFactorDeps): { secondFactor?: SecondFactor; available: boolean } {
  if (!deps.pool) return { available: false };
  const key = deps.settings?.key;
  if (!key) deps.log.warn('AUTH_TOTP_KEY is unset: TOTP cannot be set up (secrets are sealed with it)');
  const box = key ? new SecretBox(key, deps.settings?.previous ?? []) : undefined;
  const store = new PgTotpStore(deps.pool);
  const pendingSeal = pendingRecordSeal(deps.settings, deps.log);
  const secondFactor = new SecondFactor({
    store,
    box,
    checker: new FactorChecker(store, box, deps.limiter, Date.now, deps.checked),
    pending: deps.redis ? new RedisPendingLogins(deps.redis.client, deps.redis.keyPrefix) : new MemoryPendingLogins(),
    pendingSeal,
    limiter: deps.limiter,
    tokens: deps.tokens,
    issuer: deps.issuer,
    readAtLogin: deps.readAtLogin,
  });
  return { secondFactor, available: box !== undefined };
}

/** What the pending records' key is derived for: never the TOTP secrets' own key, nor another record's. */
const PENDING_PURPOSE = 'totp pending logins';

/**
 * The key pending second-factor records are sealed with: derived from AUTH_TOTP_KEY (auth's alone, never
 * in Redis; retired keys still open records sealed before a rotation). Without it (a database but no
 * key: only recovery codes pass) a key of this process only: a record still cannot be forged, and a
 * code given to another replica asks for a new login.
 */
function pendingRecordSeal(settings: TotpSettings | undefined, log: Logger): RecordSeal {
  if (!settings?.key) {
    log.warn('AUTH_TOTP_KEY is unset: logins waiting for a second factor can be completed on this replica only');
    return new RecordSeal(randomBytes(32));
  }
  const derive = (key: Buffer) => RecordSeal.derive(key, PENDING_PURPOSE);
  return new RecordSeal(derive(settings.key), settings.previous.map(derive));
}

/**
 * The `amr` of a session by the provider that issued it (RFC 8176 values): a password for direct logins,
 * a one-time code by mail for verified ones, a passkey (a key held by an authenticator, with user
 * verification), and "fed" (federated, as Microsoft Entra writes it) for every provider that vouches for
 * its users itself: OAuth2, OpenID Connect, dev and login handlers such as Telegram.
 */
export function amrByProvider(kinds: { direct: string[]; verified: string[]; passkey: string }) {
  return (provider: string): string[] => {
    if (provider === kinds.passkey) return ['hwk', 'user'];
    if (kinds.direct.includes(provider)) return ['pwd'];
    if (kinds.verified.includes(provider)) return ['otp'];
    return ['fed'];
  };
}
