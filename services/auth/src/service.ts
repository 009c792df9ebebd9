import { openInternalAuth, type RunningGrpcServer } from '@gatehouse/grpc-kit';
import { HooksClient, hookSecretReader } from '@gatehouse/hooks-sdk';
import { createLogger, type Logger } from '@gatehouse/logger';
import { Metrics, type MetricsServer, serveMetrics, watchRedis } from '@gatehouse/metrics';
import { DatabaseSettingError } from '@gatehouse/postgres';
import { configSecretReader, configuredKeys, TokenService } from '@gatehouse/token';
import type { AuthConfig } from './config';
import type { CredentialChecker } from './credentials/checker';
import { hookChecker } from './credentials/hook';
import { Linking } from './directory/linking';
import { openDirectory, openDirectoryAdmin } from './directory/open';
import { startEvents } from './events';
import { auditedLogins } from './events/login-events';
import { grpcAvatarSaver } from './grpc/avatar-client';
import { EndedSessionStreams } from './grpc/ended-sessions-stream';
import { countedLimiter, sessionRecorder, totpCheckRecorder, watchRevocations } from './grpc/metrics';
import { grpcFundsCheck } from './grpc/payment-client';
import { startAuthServer } from './grpc/server';
import { builtInLogins } from './login/built-in-logins';
import { hookClaimsUpdater } from './login/claims-updater';
import { HandlerSessions } from './login/handler-sessions';
import { type AvatarSaver, OAuth2Login } from './login/oauth2-login';
import { PASSKEY_PROVIDER, PasskeyLogin } from './login/passkey-login';
import type { MapUserHook } from './providers/custom';
import { type RunningDevProvider, startDevProvider } from './providers/dev';
import { ProviderRegistry } from './providers/registry';
import { type ConfiguredProviders, startConfiguredProviders } from './providers/setup';
import { DeviceSessions } from './sessions/device-sessions';
import { LoginFinisher } from './sessions/finish-login';
import { AuditedDeviceSessions, AuthTrail } from './sessions/session-events';
import { Sessions } from './sessions/sessions';
import { openStores } from './stores/open';
import { PgPasskeyStore } from './stores/passkeys';
import { createPool, runMigrations } from './stores/postgres';
import { amrByProvider, openSecondFactor } from './totp/open';

export interface StartOverrides {
  log?: Logger;
  avatars?: AvatarSaver;
  mapUser?: MapUserHook;
  checkCredentials?: CredentialChecker;
}

export interface RunningAuthService {
  /** The gRPC server's bound port. */
  port: number;
  devPort: number | undefined;
  /** Bound ports of local OAuth2 servers by provider name. */
  localPorts: Record<string, number>;
  stop(): Promise<void>;
}

/**
 * The composition root: config → hooks and token service → stores → built-in logins → providers (the
 * dev server, then AUTH_CONFIG's, started in order) → login engine → gRPC server. A failure while
 * starting stops whatever was already started.
 */
export async function startAuthService(
  config: AuthConfig,
  overrides: StartOverrides = {},
): Promise<RunningAuthService> {
  const log = overrides.log ?? createLogger({ name: 'auth', level: config.logLevel });
  const internalAuth = await openInternalAuth(config.internalKeysDir, 'auth', ['avatar', 'hooks', 'payment'], log);
  // Metrics cost nothing when off: no registry, no wrapped limiter, no recorder.
  const metrics = config.metricsPort ? new Metrics('auth') : undefined;
  // Hook calls are counted by the gRPC client's interceptor, by hook (method) and outcome (status).
  const hooks = config.hooks ? new HooksClient(config.hooks, internalAuth, metrics) : undefined;
  const hookSecrets = hooks?.has('read-secret') ?? false;
  const secrets =
    hooks && hookSecrets
      ? hookSecretReader(hooks)
      : configSecretReader(config.token.secret, config.token.secretsByAudience);
  const passkeyPool = config.databaseUrl
    ? createPool(config.databaseUrl, (err) => log.warn({ err }, 'idle Postgres connection lost'), {
        max: config.database?.poolMax,
        transactionPooling: config.database?.transactionPooling,
      })
    : undefined;
  // The user directory (docs/accounts.md): with a database, every session signed passes through it.
  const directory = passkeyPool
    ? openDirectory(passkeyPool, {
        linkByEmail: config.linkByEmail ?? [],
        providerAllowed: (n) => providerNames.has(n),
        // Link notices go through the verified login's sender, set up below (called only after start).
        notify: (address, text) => builtIns.sender?.(address, text) ?? Promise.resolve(),
        // A change of the ways in ends sessions through the session list, made below.
        sessions: () => devices,
        log,
      })
    : undefined;
  // ES256/EdDSA: the key set signs every token; `secrets` still keys the PKCE and nonce derivation.
  const keys = await configuredKeys(config.token, secrets, hookSecrets).catch((err) => {
    hooks?.close();
    void passkeyPool?.end().catch(() => {});
    throw err;
  });
  // Filled once every provider is registered below: until then no session is refreshed or issued.
  let providerNames = new Set<string>();
  const tokens = new TokenService({
    providerAllowed: (name) => providerNames.has(name),
    issuer: config.token.issuer,
    tokenDurationMs: config.token.tokenDurationMs,
    cookieDurationMs: config.token.cookieDurationMs,
    audiences: config.token.audiences,
    secrets,
    signingKeys: keys.signingKeys,
    previousSecrets: keys.previous,
    // Tokens of a site's own secret are told apart: linking accepts only the auth service's (issue 43).
    siteSecret:
      typeof keys.verification === 'object' && 'siteSecret' in keys.verification
        ? keys.verification.siteSecret
        : undefined,
    resolveUser: directory && ((claims, subject) => directory.resolve(claims, subject)),
    updateClaims: hooks?.has('update-claims') ? hookClaimsUpdater(hooks, log) : undefined,
    amrFor: amrByProvider({
      direct: config.direct.map((d) => d.name),
      verified: config.verified.map((v) => v.name),
      passkey: PASSKEY_PROVIDER,
    }),
  });
  const stores = openStores(config.redis, log);
  // The trail's budget of failed logins, counted apart: its refusals refuse no login (not in the metric).
  const trailLimiter = stores.limiter;
  if (metrics) {
    stores.limiter = countedLimiter(stores.limiter, metrics);
    watchRevocations(metrics, stores.revocations);
    if (stores.redis) watchRedis(metrics, 'auth', stores.redis);
  }
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
  const closeAll = () => {
    void passkeyPool?.end().catch(() => {});
    builtIns.close();
    hooks?.close();
    stores.revocations.close();
    stores.redis?.disconnect();
  };
  let passkeys: PasskeyLogin | undefined;
  if (passkeyPool) {
    try {
      await runMigrations(passkeyPool);
    } catch (err) {
      closeAll();
      // One line naming DATABASE_URL and the reason (a certificate that does not verify...), no stack.
      throw new DatabaseSettingError(err);
    }
    passkeys = new PasskeyLogin({
      providerAllowed: (name) => providerNames.has(name),
      baseUrl: config.token.url,
      rpName: new URL(config.token.url).hostname,
      store: new PgPasskeyStore(passkeyPool),
      challenges: stores.challenges,
      tokens,
      limiter: stores.limiter,
      limits: config.limits.direct,
      log,
    });
  } else {
    log.warn('DATABASE_URL is unset: the passkey provider and the user directory are off (both live in Postgres)');
  }
  // The audit trail's webhook dispatcher and retention (events/), in the same database.
  const events =
    passkeyPool && config.events && startEvents({ pool: passkeyPool, settings: config.events, log, metrics });
  // TOTP second factor (docs/accounts.md "Second factor (TOTP)"): secrets in the same database.
  const totp = openSecondFactor({
    pool: passkeyPool,
    settings: config.totp,
    redis: stores.redis && { client: stores.redis, keyPrefix: config.redis.keyPrefix },
    limiter: stores.limiter,
    tokens,
    issuer: config.token.issuer,
    log,
    checked: metrics && totpCheckRecorder(metrics),
    readAtLogin: directory && ((jti, userId) => directory.secondFactorAtLogin(jti, userId)),
  });
  const avatarClient = overrides.avatars ? undefined : grpcAvatarSaver(config.avatarAddress, internalAuth, metrics);
  const avatars = overrides.avatars ?? (avatarClient as AvatarSaver);
  // The admin API's DeleteUser closes the user's owner at payment first (refused while money is there).
  const funds =
    passkeyPool && config.paymentAddress
      ? grpcFundsCheck(config.paymentAddress, {
          credential: internalAuth,
          metrics,
          tokenLifetimeMs: config.token.tokenDurationMs,
        })
      : undefined;
  const linking = directory && new Linking({ tokens, revocations: stores.revocations, directory });
  const login = new OAuth2Login({
    tokens,
    secrets,
    avatars,
    baseUrl: config.token.url,
    avatarRoutePath: config.token.avatarRoutePath,
    allowedRedirectHosts: config.token.allowedRedirectHosts,
    timeoutMs: config.providerTimeoutMs,
    log,
    linking,
  });

  const providers = new ProviderRegistry();
  let dev: RunningDevProvider | undefined;
  if (config.dev) {
    dev = await startDevProvider(config.dev, {
      callbackUrl: `${config.token.url}/auth/dev/callback`,
      log,
      secret: config.token.secret,
      usedCodes: stores.usedTokens,
    });
    providers.register(dev.provider);
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
    await dev?.stop();
    closeAll();
    throw err;
  }
  for (const provider of configured.providers) providers.register(provider);

  // External login handlers and the built-in direct/verified providers share the login.v1 contract.
  const handlerNames = [...Object.keys(config.token.loginHandlers), ...builtIns.logins.map((l) => l.name)];
  // A session of a provider no longer configured can no longer be refreshed (go-pkgz: 401).
  // Passkey sessions carry the provider "passkey" (the user id stays the registering account's).
  const listedNames = passkeys ? [...handlerNames, PASSKEY_PROVIDER] : handlerNames;
  providerNames = new Set([...providers.names(), ...listedNames]);
  const handlerSessions = new HandlerSessions({
    tokens,
    avatars,
    handlers: handlerNames,
    verified: config.verified.map((v) => v.name),
    baseUrl: config.token.url,
    avatarRoutePath: config.token.avatarRoutePath,
  });

  // Sessions per device: Sessions tells it of every refresh and logout, the gRPC handlers of every login;
  // it ends sessions through Sessions (called only once both exist).
  const deviceDeps = {
    registry: stores.sessionRegistry,
    revocations: stores.revocations,
    sessions: { endJti: (jti: string, endMs: number) => sessions.endJti(jti, endMs) },
    tokens,
    log,
    maxPerUser: config.maxSessionsPerUser,
  };
  // With a database, logins and ended sessions are in the audit trail too (sessions/session-events.ts).
  const authTrail = passkeyPool && new AuthTrail(passkeyPool, log);
  const devices = authTrail ? new AuditedDeviceSessions(deviceDeps, authTrail) : new DeviceSessions(deviceDeps);
  const sessions = new Sessions(tokens, stores.revocations, Date.now, devices);
  const endedSessions = new EndedSessionStreams(sessions, log);
  const recorder = metrics && sessionRecorder(metrics);
  // Where every login ends: the second factor's hold, the session list, login.succeeded, the count.
  const finisher = new LoginFinisher({
    devices,
    secondFactor: totp.secondFactor,
    trail: authTrail || undefined,
    counted: recorder && ((provider, how) => recorder.issued(provider, how)),
  });
  let grpc: RunningGrpcServer;
  let metricsServer: MetricsServer | undefined;
  try {
    if (metrics)
      metricsServer = await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 });
    grpc = await startAuthServer({
      host: config.grpc.host,
      port: config.grpc.port,
      internalAuth,
      providers,
      login,
      sessions,
      handlerSessions,
      handlerNames: listedNames,
      endedSessions,
      jwks: keys.signingKeys?.jwks,
      builtInLogins: auditedLogins(builtIns.logins, { trail: authTrail || undefined, limiter: trailLimiter, metrics }),
      passkeys,
      secondFactor: totp.secondFactor,
      totpAvailable: totp.available,
      log,
      checkDependencies: stores.redis ? async () => (await stores.redis?.ping()) === 'PONG' : undefined,
      metrics,
      recorder,
      finisher,
      devices,
      directory,
      linking,
      directoryAdmin:
        passkeyPool &&
        openDirectoryAdmin(
          passkeyPool,
          devices,
          { removeAvatars: avatarClient?.removeAvatars, closeOwner: funds?.closeOwner, cardsOf: funds?.cardsOf },
          log,
          directory,
        ),
      events: events?.api,
    });
  } catch (err) {
    await metricsServer?.stop();
    await dev?.stop();
    await configured.stop();
    await events?.stop();
    closeAll();
    throw err;
  }

  return {
    port: grpc.port,
    devPort: dev?.port,
    localPorts: configured.localPorts,
    async stop() {
      endedSessions.closeAll();
      await Promise.all([grpc.shutdown(), metricsServer?.stop()]);
      await dev?.stop();
      await configured.stop();
      await events?.stop();
      avatarClient?.close();
      funds?.close();
      closeAll();
    },
  };
}
