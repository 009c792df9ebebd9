import type { Closers } from '@gatehouse/grpc-kit';
import type { AuthConfig } from '../config';
import { passwordFailures } from '../events/password-failures';
import { avatarIdOf } from '../grpc/avatar-client';
import { breachedCheckFailures, breachedPasswordCheck } from '../passwords/breached';
import { captchaCheck } from '../passwords/captcha';
import { importedHashes } from '../passwords/imported-hashes';
import { openPasswords, type PasswordFeature } from '../passwords/open';
import { PasswordPolicy } from '../passwords/policy';
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

/** Deadline of a breached-password or CAPTCHA call: a sign-up waits at most this long for either. */
const CHECK_TIMEOUT_MS = 3000;

/**
 * The checks of the settings: the NIST policy with the bundled common list and, with
 * AUTH_BREACHED_PASSWORDS_URL, the range API (fails open, counted); the CAPTCHA of AUTH_CAPTCHA_* (fails
 * closed), told AUTH_URL's host so a token solved elsewhere is refused; imported hashes' verification.
 */
export function passwordChecks(config: AuthConfig, core: Core): PasswordChecks {
  const settings = config.passwords;
  const { log, metrics } = core;
  const breached =
    settings?.breachedUrl &&
    breachedPasswordCheck({
      url: settings.breachedUrl,
      timeoutMs: CHECK_TIMEOUT_MS,
      log,
      counter: metrics && breachedCheckFailures(metrics),
    });
  const captcha =
    settings?.captcha &&
    captchaCheck({
      provider: settings.captcha.provider,
      secret: settings.captcha.secret,
      verifyUrl: settings.captcha.verifyUrl,
      hostname: new URL(config.token.url).hostname,
      timeoutMs: CHECK_TIMEOUT_MS,
      log,
    });
  return {
    rules: new PasswordPolicy({ breached: breached || undefined }),
    captcha: captcha || undefined,
    imported: importedHashes(),
  };
}

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
  checks?: PasswordChecks,
): PasswordFeature | undefined {
  const settings = config.passwords;
  if (!core.pool || !settings) return undefined;
  const { tokens } = signing;
  const pictureUrl = (avatarId: string) => `${config.token.url}${config.token.avatarRoutePath}/${avatarId}`;
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
    ...(checks ?? passwordChecks(config, core)),
    hooks: core.hooks,
    sessions: {
      endAll: (userId) => later.sessions().endAll(userId),
      endOthers: (caller) => later.sessions().endOthers(caller),
    },
    baseUrl: config.token.url,
    pictures: {
      store: async (userId) => pictureUrl(await clients.avatars.saveFromUrl(userId, undefined)),
      url: (userId) => pictureUrl(avatarIdOf(userId)),
    },
    failed,
    // Development (`pnpm start` turns the dev provider on): messages, links and all, go to the log.
    logMessages: config.dev !== undefined,
    log: core.log,
  });
  if (feature) closers.open('password accounts', feature, (f) => f.close());
  return feature;
}
