import { type Claims, configuredKeys, type SessionSubject, TokenService } from '@gatehouse/token';
import type { AuthConfig } from '../config';
import type { Directory, Notify, SessionEnder } from '../directory/directory';
import { openDirectory } from '../directory/open';
import { hookClaimsUpdater } from '../login/claims-updater';
import { PASSKEY_PROVIDER } from '../login/passkey-login';
import { PgOrgAdminStore } from '../organizations/admin-store';
import { withOrgClaims } from '../organizations/claims';
import { Organizations } from '../organizations/organizations';
import { PgOrganizationStore } from '../organizations/store';
import type { Sender } from '../senders/sender';
import { amrByProvider } from '../totp/open';
import type { Core } from './core';

/**
 * The names a session may carry: every registered provider, login handler and the passkey provider.
 * Empty until every provider is registered (`fill`): until then no session is issued or refreshed.
 */
export class ProviderNames {
  private names = new Set<string>();

  fill(names: Iterable<string>): void {
    this.names = new Set(names);
  }

  readonly has = (name: string): boolean => this.names.has(name);
}

export interface Signing {
  keys: Awaited<ReturnType<typeof configuredKeys>>;
  tokens: TokenService;
  names: ProviderNames;
  /** The user directory (docs/accounts.md); with a database, every session signed passes through it. */
  directory: Directory | undefined;
  /** Organisations (docs/organizations.md); undefined without a database. */
  organizations: Organizations | undefined;
}

/**
 * The signing keys, the token service and the user directory it resolves users through. The directory
 * tells users of links and ends sessions through features made later: `later` is called only once the
 * service runs.
 */
export async function openSigning(
  config: AuthConfig,
  core: Core,
  later: { notify: Notify; sessions: () => SessionEnder | undefined; sender?: () => Sender | undefined },
): Promise<Signing> {
  const { hooks, log } = core;
  const names = new ProviderNames();
  const directory =
    core.pool &&
    openDirectory(core.pool, {
      linkByEmail: config.linkByEmail ?? [],
      providerAllowed: names.has,
      notify: later.notify,
      sessions: later.sessions,
      log,
    });
  const organizations =
    core.pool &&
    config.organizations &&
    new Organizations({
      store: new PgOrganizationStore(core.pool),
      adminStore: new PgOrgAdminStore(core.pool),
      settings: config.organizations,
      sessions: later.sessions,
      sender: later.sender,
      baseUrl: config.token.url,
      log,
    });
  const orgLookup = organizations && ((orgId: string, userId: string) => organizations.claims(orgId, userId));
  const resolveUser = async (claims: Claims, subject: SessionSubject): Promise<Claims> => {
    const resolved = directory ? await directory.resolve(claims, subject) : claims;
    // Every session signed carries its active organisation's claims as the memberships say now.
    return orgLookup ? withOrgClaims(resolved, orgLookup, { login: !subject.refresh }) : resolved;
  };
  // ES256/EdDSA: the key set signs every token; `secrets` still keys the PKCE and nonce derivation.
  const keys = await configuredKeys(config.token, core.secrets, core.hookSecrets);
  const tokens = new TokenService({
    providerAllowed: names.has,
    issuer: config.token.issuer,
    tokenDurationMs: config.token.tokenDurationMs,
    cookieDurationMs: config.token.cookieDurationMs,
    audiences: config.token.audiences,
    secrets: core.secrets,
    signingKeys: keys.signingKeys,
    previousSecrets: keys.previous,
    // Tokens of a site's own secret are told apart: linking accepts only the auth service's (issue 43).
    siteSecret:
      typeof keys.verification === 'object' && 'siteSecret' in keys.verification
        ? keys.verification.siteSecret
        : undefined,
    resolveUser: directory || organizations ? resolveUser : undefined,
    updateClaims: hooks?.has('update-claims') ? hookClaimsUpdater(hooks, log) : undefined,
    amrFor: amrByProvider({
      direct: config.direct.map((d) => d.name),
      verified: config.verified.map((v) => v.name),
      passkey: PASSKEY_PROVIDER,
    }),
  });
  return { keys, tokens, names, directory, organizations };
}
