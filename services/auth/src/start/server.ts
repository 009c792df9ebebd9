import type { Closers } from '@gatehouse/grpc-kit';
import { serveMetrics } from '@gatehouse/metrics';
import type { AuthConfig } from '../config';
import { openDirectoryAdmin } from '../directory/open';
import { DirectoryOverview } from '../directory/overview';
import type { RunningEvents } from '../events';
import { auditedLogins } from '../events/login-events';
import { EndedSessionStreams } from '../grpc/ended-sessions-stream';
import { startAuthServer } from '../grpc/server';
import type { OidcFeature } from '../oidc/open';
import { PgUserImportStore } from '../passwords/import-store';
import type { PasswordFeature } from '../passwords/open';
import { UserImport } from '../passwords/user-import';
import type { Clients } from './clients';
import type { Core } from './core';
import type { Logins } from './logins';
import type { StartedProviders } from './providers';
import type { SessionsFeature } from './sessions';
import type { Signing } from './tokens';

/** Every feature the gRPC server serves from. */
export interface Features {
  core: Core;
  signing: Signing;
  clients: Clients;
  logins: Logins;
  providers: StartedProviders;
  sessions: SessionsFeature;
  events: RunningEvents | undefined;
  /** The names ListProviders shows after the OAuth2 providers: login handlers, then passkey. */
  listedNames: string[];
  /** The OpenID provider, when on. */
  oidc: OidcFeature | undefined;
  /** Password accounts; undefined without a database or a sender. */
  passwords: PasswordFeature | undefined;
}

/** The metrics listener and the gRPC server, last: a server that answers has every feature it serves. */
export async function serve(config: AuthConfig, features: Features, closers: Closers): Promise<{ port: number }> {
  const { core, signing, clients, logins, sessions } = features;
  const { pool, metrics, stores, log } = core;
  const endedSessions = new EndedSessionStreams(sessions.sessions, log);
  if (metrics) {
    const served = await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 });
    closers.open('metrics server', served, (s) => s?.stop());
  }
  const directoryAdmin =
    pool &&
    openDirectoryAdmin(
      pool,
      sessions.devices,
      {
        removeAvatars: clients.avatarService?.removeAvatars,
        closeOwner: clients.funds?.closeOwner,
        cardsOf: clients.funds?.cardsOf,
      },
      log,
      signing.directory,
    );
  const grpc = await startAuthServer({
    host: config.grpc.host,
    port: config.grpc.port,
    internalAuth: core.internalAuth,
    providers: features.providers.registry,
    login: logins.oauth2,
    sessions: sessions.sessions,
    handlerSessions: logins.handlerSessions,
    handlerNames: features.listedNames,
    endedSessions,
    jwks: signing.keys.signingKeys?.jwks,
    builtInLogins: auditedLogins(logins.builtIns, { trail: sessions.trail, limiter: core.trailLimiter, metrics }),
    passkeys: logins.passkeys,
    secondFactor: sessions.secondFactor,
    totpAvailable: sessions.totpAvailable,
    finisher: sessions.finisher,
    log,
    checkDependencies: stores.redis ? async () => (await stores.redis?.ping()) === 'PONG' : undefined,
    metrics,
    recorder: sessions.recorder,
    devices: sessions.devices,
    directory: signing.directory,
    organizations: signing.organizations,
    linking: logins.linking,
    directoryAdmin,
    // The admin overview: summaries in the directory's database, live sessions from the registry.
    overview: pool && new DirectoryOverview({ pool, liveSessions: () => stores.sessionRegistry.countLive() }),
    // Users brought in with their hashes: on the directory's database, as its administration is.
    userImport: pool && new UserImport({ store: new PgUserImportStore(pool), log }),
    events: features.events?.api,
    oidc: features.oidc,
    passwords: features.passwords,
  });
  closers.open('gRPC server', grpc, (g) => g.shutdown());
  // Closed first: the gateways' open streams would hold a graceful shutdown until each hung up.
  closers.add('ended-sessions streams', () => endedSessions.closeAll());
  return { port: grpc.port };
}
