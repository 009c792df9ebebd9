import type { HooksClient } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import type { TokenService } from '@gatehouse/token';
import { type CredentialChecker, hookChecker, htpasswdChecker } from '../credentials';
import type { Sender } from '../senders/sender';
import { smtpSender } from '../senders/smtp';
import type { Stores } from '../stores/open';
import type { DirectProviderConfig, VerifiedProviderConfig } from './config';
import { type DirectLimits, DirectLogin } from './direct-login';
import type { LoginAnswer, LoginRequest } from './http-like';
import { type VerifiedLimits, VerifiedLogin } from './verified-login';

/**
 * A built-in login: a direct or verified provider of AUTH_CONFIG, which the auth service serves itself
 * through login.v1 (the gateway routes /auth/<name>/* to it as to an external login handler).
 */
export interface BuiltInLogin {
  readonly name: string;
  login(req: LoginRequest): Promise<LoginAnswer>;
}

export interface BuiltInLoginsDeps {
  direct: DirectProviderConfig[];
  verified: VerifiedProviderConfig[];
  limits: { direct: DirectLimits; verified: VerifiedLimits };
  /** AUTH_URL: after a login, redirects back to it are allowed. */
  baseUrl: string;
  allowedRedirectHosts: string[];
  hooks: HooksClient | undefined;
  tokens: TokenService;
  stores: Pick<Stores, 'limiter' | 'usedTokens'>;
  log: Logger;
}

/** The direct and verified providers of AUTH_CONFIG; `close` releases their SMTP connections. */
export function builtInLogins(deps: BuiltInLoginsDeps): {
  logins: BuiltInLogin[];
  /** The first verified provider's sender: the user directory tells users of links through it. */
  sender: Sender | undefined;
  close(): void;
} {
  const { hooks, stores, limits, log } = deps;
  const closers: (() => void)[] = [];
  const logins: BuiltInLogin[] = [];
  let firstSender: Sender | undefined;
  for (const d of deps.direct) {
    const checker: CredentialChecker =
      d.checker.kind === 'htpasswd' ? htpasswdChecker(d.checker.path) : hookChecker(hooks as HooksClient, d.name);
    logins.push(new DirectLogin({ name: d.name, checker, limiter: stores.limiter, limits: limits.direct, log }));
  }
  for (const v of deps.verified) {
    let sender: Sender;
    if (v.sender.kind === 'smtp') {
      const smtp = smtpSender(v.sender.smtp);
      closers.push(smtp.close);
      sender = smtp.send;
    } else {
      const h = hooks as HooksClient;
      sender = (address, text) => h.send(v.name, address, text);
    }
    firstSender ??= sender;
    logins.push(
      new VerifiedLogin({
        name: v.name,
        template: v.template,
        sender,
        tokens: deps.tokens,
        usedTokens: stores.usedTokens,
        limiter: stores.limiter,
        limits: limits.verified,
        baseUrl: deps.baseUrl,
        allowedRedirectHosts: deps.allowedRedirectHosts,
        log,
      }),
    );
  }
  return {
    logins,
    sender: firstSender,
    close: () => {
      for (const c of closers) c();
    },
  };
}
