import { type AccessRules, openInternalAuth, type RunningGrpcServer, startGrpcServer } from '@gatehouse/grpc-kit';
import { HooksClient, hookSecretReader } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import { loadProto } from '@gatehouse/proto';
import { configSecretReader, randomToken, TokenService } from '@gatehouse/token';
import { grpcAvatarSaver } from './avatar-client';
import { builtInLogins, hookClaimsUpdater, openStores } from './builtins';
import type { AuthConfig } from './config';
import type { CredentialChecker } from './credentials/checker';
import { hookChecker } from './credentials/hook';
import { EndedSessionStreams } from './ended-sessions-stream';
import { authHandlers } from './handlers';
import { HandlerSessions } from './login/handler-sessions';
import { type AvatarSaver, OAuth2Login } from './login/oauth2-login';
import { Sessions } from './login/sessions';
import { builtInLoginHandlers } from './login-handlers';
import type { MapUserHook } from './providers/custom';
import { DEV_CLIENT_ID, devProvider } from './providers/dev';
import { DevOAuthServer } from './providers/dev-server';
import { ProviderRegistry } from './providers/registry';
import { type ConfiguredProviders, startConfiguredProviders } from './providers/setup';

/**
 * Only the gateway calls the auth service: it runs every login, refresh and logout, and issues the
 * sessions of login handlers (the handler answers the gateway with a user; the gateway asks for the
 * session). Operators may list providers.
 */
export const AUTH_ACCESS: AccessRules = {
  ListProviders: ['gateway', 'operator'],
  BeginLogin: ['gateway'],
  CompleteLogin: ['gateway'],
  RefreshToken: ['gateway'],
  IssueSession: ['gateway'],
  Logout: ['gateway'],
  WatchEndedSessions: ['gateway'],
  // login.v1.LoginHandler of the built-in direct and verified providers
  Login: ['gateway'],
  Callback: ['gateway'],
};

export interface RunningAuthService {
  grpcPort: number;
  devPort: number | undefined;
  /** Bound ports of local OAuth2 servers by provider name. */
  localPorts: Record<string, number>;
  stop(): Promise<void>;
}

/** Wires and starts the auth service: token service, providers, login engine, gRPC server. */
export async function startAuthService(
  config: AuthConfig,
  log: Logger,
  overrides: { avatars?: AvatarSaver; mapUser?: MapUserHook; checkCredentials?: CredentialChecker } = {},
): Promise<RunningAuthService> {
  const internalAuth = await openInternalAuth(config.internalKeysDir, 'auth', ['avatar', 'hooks']);
  const hooks = config.hooks ? new HooksClient(config.hooks, internalAuth) : undefined;
  const secrets = hooks?.has('read-secret')
    ? hookSecretReader(hooks)
    : configSecretReader(config.token.secret, config.token.secretsByAudience);
  // Filled once every provider is registered below: until then no session is refreshed or issued.
  let providerNames = new Set<string>();
  const tokens = new TokenService({
    providerAllowed: (name) => providerNames.has(name),
    issuer: config.token.issuer,
    tokenDurationMs: config.token.tokenDurationMs,
    cookieDurationMs: config.token.cookieDurationMs,
    audiences: config.token.audiences,
    secrets,
    updateClaims: hooks?.has('update-claims') ? hookClaimsUpdater(hooks, log) : undefined,
  });
  const stores = openStores(config, log);
  const builtIns = builtInLogins({ config, hooks, tokens, secrets, stores, log });
  const builtInNames = builtIns.logins.map((l) => l.name);
  const closeAll = () => {
    builtIns.close();
    hooks?.close();
    stores.revocations.close();
    stores.redis?.disconnect();
  };
  const avatarClient = overrides.avatars ? undefined : grpcAvatarSaver(config.avatarAddress, internalAuth);
  const avatars = overrides.avatars ?? (avatarClient as AvatarSaver);
  const login = new OAuth2Login({
    tokens,
    secrets,
    avatars,
    baseUrl: config.token.url,
    avatarRoutePath: config.token.avatarRoutePath,
    allowedRedirectHosts: config.token.allowedRedirectHosts,
    timeoutMs: config.providerTimeoutMs,
    log,
  });

  const providers = new ProviderRegistry();
  let devServer: DevOAuthServer | undefined;
  let devPort: number | undefined;
  if (config.dev) {
    // The dev server and its one client live in this process; the secret never leaves it.
    const clientSecret = randomToken();
    devServer = new DevOAuthServer({
      host: config.dev.host,
      port: config.dev.port,
      callbackUrl: `${config.token.url}/auth/dev/callback`,
      clientId: DEV_CLIENT_ID,
      clientSecret,
      emailDomain: config.dev.emailDomain,
      log: log.child({ component: 'dev-oauth' }),
    });
    devPort = await devServer.start();
    const url = config.dev.port === 0 ? config.dev.url.replace(/:0$/, `:${devPort}`) : config.dev.url;
    providers.register(devProvider({ ...config.dev, url }, clientSecret));
  }
  let configured: ConfiguredProviders;
  try {
    configured = await startConfiguredProviders(config.providers, {
      baseUrl: config.token.url,
      timeoutMs: config.providerTimeoutMs,
      log,
      // The application's MapUser hook, when it implements one (AUTH_HOOKS map-user).
      mapUser: overrides.mapUser ?? (hooks?.has('map-user') ? (name, raw) => hooks.mapUser(name, raw) : undefined),
      checkCredentials: overrides.checkCredentials,
      hookCredentials: hooks?.has('check-credentials') ? (name) => hookChecker(hooks, name) : undefined,
      limiter: stores.limiter,
      limits: config.limits.direct,
      sharedSecret: config.token.secret,
      redis: stores.redis && { client: stores.redis, keyPrefix: config.redis.keyPrefix },
    });
  } catch (err) {
    await devServer?.stop();
    closeAll();
    throw err;
  }
  for (const provider of configured.providers) providers.register(provider);

  // External login handlers and the built-in direct/verified providers share the login.v1 contract.
  const handlerNames = [...Object.keys(config.token.loginHandlers), ...builtInNames];
  // A session of a provider no longer configured can no longer be refreshed (go-pkgz: 401).
  providerNames = new Set([...providers.names(), ...handlerNames]);
  const handlerSessions = new HandlerSessions({
    tokens,
    avatars,
    handlers: handlerNames,
    baseUrl: config.token.url,
    avatarRoutePath: config.token.avatarRoutePath,
  });

  const { definition, grpcObject } = loadProto('auth');
  const loginProto = loadProto('login');

  const sessions = new Sessions(tokens, stores.revocations);
  const endedSessions = new EndedSessionStreams(sessions, log);
  let grpc: RunningGrpcServer;
  try {
    grpc = await startGrpcServer({
      name: 'auth',
      host: config.grpc.host,
      port: config.grpc.port,
      services: [
        {
          definition: grpcObject.auth.v1.AuthService.service,
          implementation: authHandlers({
            providers,
            login,
            sessions,
            handlerSessions,
            handlerNames,
            endedSessions,
            log,
          }),
        },
        {
          definition: loginProto.grpcObject.login.v1.LoginHandler.service,
          implementation: builtInLoginHandlers(builtIns.logins, log),
        },
      ],
      definitions: [definition, loginProto.definition],
      access: internalAuth && { auth: internalAuth, audience: 'auth', rules: AUTH_ACCESS },
      log,
      checkDependencies: stores.redis ? async () => (await stores.redis?.ping()) === 'PONG' : undefined,
    });
  } catch (err) {
    await devServer?.stop();
    await configured.stop();
    closeAll();
    throw err;
  }

  return {
    grpcPort: grpc.port,
    devPort,
    localPorts: configured.localPorts,
    async stop() {
      endedSessions.closeAll();
      await grpc.shutdown();
      await devServer?.stop();
      await configured.stop();
      avatarClient?.close();
      closeAll();
    },
  };
}
