import type { Closers } from '@gatehouse/grpc-kit';
import type { AuthConfig } from '../config';
import { Linking } from '../directory/linking';
import { type BuiltInLogin, builtInLogins } from '../login/built-in-logins';
import { HandlerSessions } from '../login/handler-sessions';
import { OAuth2Login } from '../login/oauth2-login';
import { PasskeyLogin } from '../login/passkey-login';
import type { Sender } from '../senders/sender';
import { PgPasskeyStore } from '../stores/passkeys';
import type { Clients } from './clients';
import type { Core } from './core';
import type { Signing } from './tokens';

/** The login engines: each signs the session of its kind of login, which then ends in the finisher. */
export interface Logins {
  /** OAuth2 and OpenID Connect providers' flow (BeginLogin, CompleteLogin). */
  oauth2: OAuth2Login;
  /** Sessions of the users login handlers vouch for (IssueSession). */
  handlerSessions: HandlerSessions;
  /** The direct and verified providers of AUTH_CONFIG, served through login.v1. */
  builtIns: BuiltInLogin[];
  /** The first verified provider's sender: the user directory tells users of links through it. */
  sender: Sender | undefined;
  /** Passkeys; undefined without a database. */
  passkeys: PasskeyLogin | undefined;
  /** Linking logins to a user; undefined without a database (no directory). */
  linking: Linking | undefined;
  /** The login handlers' names (AUTH_LOGIN_HANDLERS, then the built-in direct and verified providers). */
  handlerNames: string[];
}

export function openLogins(
  config: AuthConfig,
  core: Core,
  signing: Signing,
  clients: Clients,
  closers: Closers,
): Logins {
  const { stores, hooks, log } = core;
  const { tokens, names, directory } = signing;
  const builtIns = builtInLogins({
    direct: config.direct,
    verified: config.verified,
    limits: config.limits,
    baseUrl: config.token.url,
    allowedRedirectHosts: config.token.allowedRedirectHosts,
    hooks,
    tokens,
    stores,
    log,
  });
  closers.add('built-in logins (SMTP)', builtIns.close);
  const passkeys =
    core.pool &&
    new PasskeyLogin({
      providerAllowed: names.has,
      baseUrl: config.token.url,
      rpName: new URL(config.token.url).hostname,
      store: new PgPasskeyStore(core.pool),
      challenges: stores.challenges,
      tokens,
      limiter: stores.limiter,
      limits: config.limits.direct,
      log,
    });
  const linking = directory && new Linking({ tokens, revocations: stores.revocations, directory });
  const oauth2 = new OAuth2Login({
    tokens,
    secrets: core.secrets,
    avatars: clients.avatars,
    baseUrl: config.token.url,
    avatarRoutePath: config.token.avatarRoutePath,
    allowedRedirectHosts: config.token.allowedRedirectHosts,
    timeoutMs: config.providerTimeoutMs,
    log,
    linking,
  });
  // External login handlers and the built-in direct/verified providers share the login.v1 contract.
  const handlerNames = [...Object.keys(config.token.loginHandlers), ...builtIns.logins.map((l) => l.name)];
  const handlerSessions = new HandlerSessions({
    tokens,
    avatars: clients.avatars,
    handlers: handlerNames,
    verified: config.verified.map((v) => v.name),
    baseUrl: config.token.url,
    avatarRoutePath: config.token.avatarRoutePath,
  });
  return {
    oauth2,
    handlerSessions,
    builtIns: builtIns.logins,
    sender: builtIns.sender,
    passkeys,
    linking,
    handlerNames,
  };
}
