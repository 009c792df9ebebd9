import type { HooksClient } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import type { TokenService } from '@gatehouse/token';
import type { Pool } from 'pg';
import type { Sender } from '../senders/sender';
import { smtpSender } from '../senders/smtp';
import type { RateLimiter } from '../stores/limits';
import { type FailedLogin, PasswordAccounts } from './accounts';
import type { PasswordConfig } from './config';
import { PasswordHasher } from './hashing';
import type { PasswordAccountLimits } from './limits';
import { PasswordMailer } from './messages';
import { PasswordRecovery, type SessionEnding } from './recovery';
import { PASSWORD_PROVIDER, type PasswordAccount, PgPasswordStore } from './store';
import type { CaptchaCheck, ImportedHashes, PasswordRules } from './types';

/** A password user's picture is the identicon of their id, which the avatar service stores. */
export interface IdenticonPictures {
  /** Draws and stores the identicon; its URL, '' when it cannot be had. */
  store(userId: string): Promise<string>;
  /** The URL of the identicon stored for `userId`, without asking the avatar service. */
  url(userId: string): string;
}

/**
 * How long a stored identicon is trusted to be there: a login stores it again once it is older, which
 * brings it back within this time after an avatar store was emptied (013_password_pictures.sql).
 */
export const PICTURE_REDRAW_MS = 7 * 24 * 3600_000;

/** Password accounts as the gRPC handlers and the admin API use them. */
export interface PasswordFeature {
  accounts: PasswordAccounts;
  recovery: PasswordRecovery;
  store: PgPasswordStore;
  hasher: PasswordHasher;
  /** Finishes the work begun after answers (messages) and closes the SMTP connections. */
  close(): Promise<void>;
}

export interface OpenPasswordsDeps {
  settings: PasswordConfig;
  pool: Pool;
  tokens: TokenService;
  limiter: RateLimiter;
  /** AUTH_LIMIT_DIRECT_*: the login limits every password form shares; AUTH_LIMIT_VERIFY_*: messages. */
  limits: Omit<PasswordAccountLimits, 'perUserDay' | 'captchaAfterFailures'>;
  rules: PasswordRules;
  captcha: CaptchaCheck | undefined;
  imported?: ImportedHashes;
  hooks: HooksClient | undefined;
  sessions: SessionEnding;
  /** AUTH_URL. */
  baseUrl: string;
  /** A user's picture: their identicon, drawn and stored by the avatar service, and its URL. */
  pictures: IdenticonPictures;
  failed?: (f: FailedLogin) => Promise<void>;
  /** No sender configured and this is development (`pnpm start`, the dev provider on): messages are logged. */
  logMessages: boolean;
  log: Logger;
}

/**
 * Password accounts' composition: the store on auth's Postgres, Argon2id, the sender of the `password:`
 * section (SMTP or the Send hook), the policy and CAPTCHA given. Undefined, with a warning, when no
 * sender is configured outside development: a reset link must never go to a production log.
 */
export function openPasswords(deps: OpenPasswordsDeps): PasswordFeature | undefined {
  const { settings, log } = deps;
  let sender: Sender | undefined;
  let closeSmtp = () => {};
  if (settings.sender?.kind === 'smtp') {
    const smtp = smtpSender(settings.sender.smtp);
    sender = smtp.send;
    closeSmtp = smtp.close;
  } else if (settings.sender?.kind === 'hook' && deps.hooks) {
    const hooks = deps.hooks;
    sender = (address, text) => hooks.send(PASSWORD_PROVIDER, address, text);
  } else if (!deps.logMessages) {
    log.warn('password accounts are off: AUTH_CONFIG has no password.sender (smtp or hook) to send their links');
    return undefined;
  }
  const store = new PgPasswordStore(deps.pool);
  const hasher = new PasswordHasher(settings.hash, deps.imported, settings.hashConcurrency);
  const mailer = new PasswordMailer({
    sender,
    templates: settings.messages,
    html: settings.sender?.kind === 'smtp' && settings.sender.smtp.contentType === 'text/html',
    baseUrl: deps.baseUrl,
    site: settings.site ?? new URL(deps.baseUrl).host,
    log,
  });
  const accounts = new PasswordAccounts({
    store,
    hasher,
    rules: deps.rules,
    captcha: deps.captcha,
    mailer,
    limiter: deps.limiter,
    limits: {
      ...deps.limits,
      perUserDay: settings.limitPerUserDay,
      captchaAfterFailures: settings.captchaAfterFailures,
    },
    settings: {
      signupOpen: settings.signupOpen,
      requireVerified: settings.requireVerified,
      verifyTtlMs: settings.verifyTtlMs,
      resetTtlMs: settings.resetTtlMs,
      inviteTtlMs: 7 * 24 * 3600_000,
    },
    issue: async (account, login) => {
      const id = account.identityId;
      return deps.tokens.issueSession({
        user: { name: account.name, id, picture: await pictureOf(account) },
        aud: login.site || deps.tokens.defaultAudience(),
        provider: PASSWORD_PROVIDER,
        sessionOnly: login.sessionOnly,
        // The identity's address, as its verification proved it (the directory records it).
        subject: { kind: 'identity', email: account.email, emailVerified: account.emailVerified },
      });
    },
    failed: deps.failed,
    log,
  });
  const recovery = new PasswordRecovery(accounts, deps.sessions);

  /**
   * The identicon never changes: a login that finds it stored within PICTURE_REDRAW_MS names it (no
   * hop to the avatar service, the most of a returning login's cost beside the hash); any other
   * stores it, and its time is written after the answer.
   */
  async function pictureOf(account: PasswordAccount): Promise<string> {
    const id = account.identityId;
    const stored = account.pictureStoredAt?.getTime();
    if (stored !== undefined && Date.now() - stored < PICTURE_REDRAW_MS) return deps.pictures.url(id);
    const url = await deps.pictures.store(id).catch(() => '');
    if (url !== '') {
      store.pictureStored(id).catch((err: unknown) => log.warn({ err }, 'could not record a stored identicon'));
    }
    return url;
  }
  return {
    accounts,
    recovery,
    store,
    hasher,
    close: async () => {
      await accounts.settled();
      closeSmtp();
    },
  };
}
