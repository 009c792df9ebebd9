import { Closers } from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import type { AuthConfig } from './config';
import type { CredentialChecker } from './credentials/checker';
import { startEvents } from './events';
import type { AvatarSaver } from './login/oauth2-login';
import { PASSKEY_PROVIDER } from './login/passkey-login';
import { PASSWORD_PROVIDER } from './passwords/store';
import type { MapUserHook } from './providers/custom';
import { openClients } from './start/clients';
import { migrate, openCore } from './start/core';
import { openLogins } from './start/logins';
import { openOidcProvider } from './start/oidc';
import { type PasswordChecks, startPasswords } from './start/passwords';
import { startProviders } from './start/providers';
import { serve } from './start/server';
import { openSessions } from './start/sessions';
import { openSigning } from './start/tokens';

export interface StartOverrides {
  log?: Logger;
  avatars?: AvatarSaver;
  mapUser?: MapUserHook;
  checkCredentials?: CredentialChecker;
  /** Password accounts' policy, CAPTCHA and imported hashes (start/passwords.ts makes them by default). */
  passwordChecks?: PasswordChecks;
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
 * The composition root: the core (internal auth, metrics, hooks, Postgres, Redis) → signing (keys,
 * tokens, the user directory) → Postgres migrated → the clients of avatar and payment → the login
 * engines → the trail's webhooks → the providers (the dev server, then AUTH_CONFIG's, in order) →
 * sessions and the login finisher → the metrics listener and the gRPC server. Each feature registers
 * what it opens in one closer list, closed in reverse: by stop(), and by a start that fails anywhere.
 */
export async function startAuthService(
  config: AuthConfig,
  overrides: StartOverrides = {},
): Promise<RunningAuthService> {
  const log = overrides.log ?? createLogger({ name: 'auth', level: config.logLevel });
  const closers = new Closers(log);
  return closers.starting(async () => {
    const core = await openCore(config, closers, log);
    // The directory tells users of links through the verified login's sender, and ends sessions through
    // the session list: both made below, and called only once the service runs.
    const signing = await openSigning(config, core, {
      notify: (address, text) => logins.sender?.(address, text) ?? Promise.resolve(),
      sessions: () => sessions.devices,
      sender: () => logins.sender,
    });
    await migrate(core);
    const clients = openClients(config, core, closers, overrides.avatars);
    const logins = openLogins(config, core, signing, clients, closers);
    // The audit trail's webhook dispatcher and retention (events/), in the same database.
    const events =
      core.pool &&
      config.events &&
      closers.open(
        'events',
        startEvents({ pool: core.pool, settings: config.events, log, metrics: core.metrics }),
        (e) => e.stop(),
      );
    const providers = await startProviders(config, core, overrides, closers);
    // Password accounts end sessions through the session list and write failures to the trail, both
    // made below and reached only once the service runs.
    const passwords = startPasswords(
      config,
      core,
      signing,
      clients,
      closers,
      { sessions: () => sessions.devices, trail: () => sessions.trail },
      overrides.passwordChecks,
    );
    // A session of a provider no longer configured can no longer be refreshed (go-pkgz: 401). Passkey
    // sessions carry the provider "passkey" (the user id stays the registering account's).
    // Password sessions carry the provider "password", listed like "passkey" (every gateway checks a
    // token's provider against the list).
    const listedNames = [
      ...logins.handlerNames,
      ...(logins.passkeys ? [PASSKEY_PROVIDER] : []),
      ...(passwords ? [PASSWORD_PROVIDER] : []),
    ];
    signing.names.fill([...providers.registry.names(), ...listedNames]);
    const sessions = openSessions(config, core, signing);
    const oidc = await openOidcProvider(config, core, signing, providers, sessions, closers);
    const features = {
      ...{ core, signing, clients, logins, providers, sessions, oidc },
      ...{ events: events || undefined, listedNames, passwords },
    };
    const { port } = await serve(config, features, closers);
    return { port, devPort: providers.devPort, localPorts: providers.localPorts, stop: () => closers.closeAll() };
  });
}
