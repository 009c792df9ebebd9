import type { Closers } from '@gatehouse/grpc-kit';
import type { AuthConfig } from '../config';
import { passwordFailures } from '../events/password-failures';
import { openPasswords, type PasswordFeature } from '../passwords/open';
import type { SessionEnding } from '../passwords/recovery';
import type { CaptchaCheck, ImportedHashes, PasswordRules } from '../passwords/types';
import type { AuthTrail } from '../sessions/session-events';
import type { Clients } from './clients';
import type { Core } from './core';
import type { Signing } from './tokens';

/** The checks password accounts call, made from the settings (the policy, CAPTCHA, imported hashes). */
export interface PasswordChecks {
  rules: PasswordRules;
  captcha: CaptchaCheck | undefined;
  imported?: ImportedHashes;
}

/**
 * NIST SP 800-63B's length rule alone (8 to 1024 code points, NFKC), until the policy module with the
 * common-password list and the breached-password check is composed here (passwords/policy.ts).
 */
export const lengthRules: PasswordRules = {
  async check(password) {
    const normalized = password.normalize('NFKC');
    const length = [...normalized].length;
    if (length < 8) return { ok: false, error: 'This password is too short: use at least 8 characters' };
    if (length > 1024) return { ok: false, error: 'This password is too long: use at most 1024 characters' };
    return { ok: true, normalized };
  },
};

/**
 * Password accounts, with the directory (DATABASE_URL); the session list and the trail are reached
 * lazily (`later`), as they are made after the login engines.
 */
export function startPasswords(
  config: AuthConfig,
  core: Core,
  signing: Signing,
  clients: Clients,
  closers: Closers,
  later: { sessions: () => SessionEnding; trail: () => AuthTrail | undefined },
  checks: PasswordChecks = { rules: lengthRules, captcha: undefined },
): PasswordFeature | undefined {
  const settings = config.passwords;
  if (!core.pool || !settings) return undefined;
  const { tokens } = signing;
  const failed = passwordFailures({ trail: later.trail, limiter: core.trailLimiter, metrics: core.metrics });
  const feature = openPasswords({
    settings,
    pool: core.pool,
    tokens,
    limiter: core.stores.limiter,
    limits: {
      perUser: config.limits.direct.perUser,
      perIp: config.limits.direct.perIp,
      perUserAllClients: config.limits.direct.perUserAllClients,
      messagesPerAddress: config.limits.verified.perAddress,
      messagesPerIp: config.limits.verified.perIp,
    },
    ...checks,
    hooks: core.hooks,
    sessions: {
      endAll: (userId) => later.sessions().endAll(userId),
      endOthers: (caller) => later.sessions().endOthers(caller),
    },
    baseUrl: config.token.url,
    picture: async (userId) =>
      `${config.token.url}${config.token.avatarRoutePath}/${await clients.avatars.saveFromUrl(userId, undefined)}`,
    failed,
    // Development (`pnpm start` turns the dev provider on): messages, links and all, go to the log.
    logMessages: config.dev !== undefined,
    log: core.log,
  });
  if (feature) closers.open('password accounts', feature, (f) => f.close());
  return feature;
}
