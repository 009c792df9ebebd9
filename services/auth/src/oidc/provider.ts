import Provider, { type Configuration, errors, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Pool } from 'pg';
import type { OidcAccounts } from './accounts';
import { type AdapterEvents, lostRedemption, postgresAdapter } from './adapter';
import { OPENID_SCOPES, REGISTERED_SCOPE } from './client-scope';
import { CLIENT_TTL_NAMES, clientTtl, clientTtlProblem } from './client-ttl';
import { clientAdapter, type PgClientStore, secretMatches } from './clients';
import type { OidcSettings } from './config';
import { existingGrant, type FirstPartyGranted } from './grants';
import { redeemAfterGrant } from './held-redemption';
import type { ProviderKeys } from './keys';
import {
  ORGANIZATION_CLAIMS,
  type OrgLookup,
  organizationCheck,
  organizationClaims,
  recordOrganization,
} from './organization';
import { outgoingFetch } from './outgoing';
import { resourceIndicators } from './resources';
import { oidcRoutes } from './routes';
import { browserSessionOf } from './session';

/** The `acr` of a login: one factor, or two (a second factor after it, or a passkey with user verification). */
export const ACR_ONE_FACTOR = 'urn:gatehouse:acr:1fa';
export const ACR_TWO_FACTORS = 'urn:gatehouse:acr:2fa';

/** The OpenID scopes the provider knows (a resource's own scopes come from AUTH_CONFIG). */
/** The OpenID scopes the provider serves (client-scope.ts): a device's grant takes only these. */
export const OIDC_SCOPES = OPENID_SCOPES;

export interface ProviderDeps {
  /** AUTH_URL: the issuer, exactly. */
  issuer: string;
  pool: Pool;
  clients: PgClientStore;
  accounts: OidcAccounts;
  keys: ProviderKeys;
  settings: OidcSettings;
  events?: AdapterEvents;
  /** Pages the library renders itself (errors, logout confirmation): pages.ts. */
  pages: LibraryPages;
  /** A first-party client's grant made or extended without a consent page (grant.created). */
  firstPartyGranted?: FirstPartyGranted;
  /** Memberships, for the `organization` scope (organization.ts); unset: the scope carries no claims. */
  organizations?: OrgLookup;
}

export interface LibraryPages {
  renderError: NonNullable<Configuration['renderError']>;
  logoutSource: NonNullable<NonNullable<NonNullable<Configuration['features']>['rpInitiatedLogout']>['logoutSource']>;
  postLogoutSuccessSource: NonNullable<
    NonNullable<NonNullable<Configuration['features']>['rpInitiatedLogout']>['postLogoutSuccessSource']
  >;
}

/** Whether the request asks for two factors: its acr_values, or the client's default_acr_values. */
function wantsTwoFactors(ctx: KoaContextWithOIDC): boolean {
  const asked = String(ctx.oidc.params?.acr_values ?? '').split(' ');
  const byClient = (ctx.oidc.client?.defaultAcrValues as string[] | undefined) ?? [];
  return [...asked, ...byClient].includes(ACR_TWO_FACTORS);
}

/**
 * The login prompt of oidc-provider's policy, and two checks of Gatehouse's: the provider's session
 * must be the browser's Gatehouse session (same user, same login: a logout, a block or a login as
 * someone else at the gateway is seen at once, never papered over by the provider's own cookie), and
 * a request for two factors needs a session that gave them (step-up). An interaction's own result
 * passes both: it was decided with the session just now.
 */
function interactions(organizations: OrgLookup | undefined): Configuration['interactions'] {
  const policy = interactionPolicy.base();
  // An `organization` parameter naming one the user is not a member of: access_denied (organization.ts).
  if (organizations) policy.get('consent')?.checks.add(organizationCheck(organizations));
  const login = policy.get('login');
  const { Check } = interactionPolicy;
  login?.checks.add(
    new Check('gatehouse_session', 'the Gatehouse session is not the one logged in with', (ctx) => {
      if (ctx.oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
      const browser = browserSessionOf(ctx);
      const session = ctx.oidc.session;
      const same = browser && browser.userId === session?.accountId && browser.authTime === session.loginTs;
      return same ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  // A provider session whose user is blocked or gone (no account): the page says so, and the library
  // never reaches consent with no grant to hold it (docs/openid-provider.md "Consent and grants").
  login?.checks.add(
    new Check('gatehouse_account', 'the account is blocked', (ctx) => {
      if (ctx.oidc.result?.login) return Check.NO_NEED_TO_PROMPT;
      return ctx.oidc.session?.accountId && !ctx.oidc.account ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT;
    }),
  );
  login?.checks.add(
    new Check('two_factors', 'two factors are required', (ctx) => {
      if (ctx.oidc.result?.login || !wantsTwoFactors(ctx)) return Check.NO_NEED_TO_PROMPT;
      return ctx.oidc.session?.acr === ACR_TWO_FACTORS ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT;
    }),
  );
  return { policy, url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` };
}

/**
 * Gatehouse's OpenID provider (docs/openid-provider.md): oidc-provider (certified) with the directory's
 * users as accounts, clients from Postgres, every piece of state in Postgres (any replica), the stack's
 * asymmetric keys, PKCE (S256) for every code flow, no implicit or password grant (OAuth 2.1).
 */
export function makeProvider(deps: ProviderDeps): Provider {
  const { settings, keys } = deps;
  const Tokens = postgresAdapter(deps.pool, deps.events);
  const clients = clientAdapter(deps.clients);
  // oidc-provider constructs one adapter per model name: clients come from their own table.
  class Adapter {
    constructor(model: string) {
      // biome-ignore lint/correctness/noConstructorReturn: the library's factory is a constructor
      return model === 'Client' ? clients : new Tokens(model);
    }
  }
  const provider = new Provider(deps.issuer, {
    adapter: Adapter as unknown as Configuration['adapter'],
    clients: [],
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: keys.alg,
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    responseTypes: ['code'],
    jwks: { keys: keys.jwks } as Configuration['jwks'],
    enabledJWA: { idTokenSigningAlgValues: [keys.alg], authorizationSigningAlgValues: [keys.alg] },
    cookies: {
      keys: keys.cookieKeys,
      names: { session: 'gh_oidc_session', interaction: 'gh_oidc_interaction', resume: 'gh_oidc_resume' },
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    routes: oidcRoutes,
    interactions: interactions(deps.organizations),
    // Auth0's `organization` authorization parameter: an organisation id or slug (organization.ts).
    extraParams: ['organization'],
    pkce: { required: () => true },
    scopes: [...OPENID_SCOPES],
    claims: {
      // The organisation's claims go with the `organization` scope only (claims() below), in the ID token too.
      openid: ['sub', 'acr', 'amr', 'auth_time', ...ORGANIZATION_CLAIMS],
      profile: ['name', 'picture'],
      email: ['email', 'email_verified'],
    },
    acrValues: [ACR_ONE_FACTOR, ACR_TWO_FACTORS],
    extraClientMetadata: {
      properties: ['first_party', REGISTERED_SCOPE, ...CLIENT_TTL_NAMES],
      validator(_ctx, key, value) {
        if (key === 'first_party' && value !== undefined && typeof value !== 'boolean')
          throw new errors.InvalidClientMetadata('first_party must be a boolean');
        const ttlProblem = clientTtlProblem(key, value);
        if (ttlProblem) throw new errors.InvalidClientMetadata(ttlProblem);
      },
    },
    findAccount: async (_ctx, sub, token) => {
      const account = await deps.accounts.find(sub);
      if (!account) return undefined;
      const orgs = deps.organizations;
      return {
        accountId: sub,
        claims: async (_use, scope) => ({
          sub,
          name: account.name,
          picture: account.picture,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified } : {}),
          ...(orgs ? await organizationClaims(deps.pool, orgs, scope, token?.grantId, sub) : {}),
        }),
      };
    },
    loadExistingGrant: (ctx) => existingGrant(ctx, deps.pool, deps.firstPartyGranted),
    rotateRefreshToken: true,
    ttl: {
      // A client's own lifetime (access_token_ttl) first, then the resource's, then the stack's.
      AccessToken: (_ctx, token, client) =>
        clientTtl(client, 'access_token_ttl') ?? token.resourceServer?.accessTokenTTL ?? settings.accessTokenTtlS,
      ClientCredentials: (_ctx, token, client) =>
        clientTtl(client, 'access_token_ttl') ?? token.resourceServer?.accessTokenTTL ?? settings.accessTokenTtlS,
      AuthorizationCode: 60,
      DeviceCode: settings.device.codeTtlS,
      IdToken: 3600,
      Interaction: 3600,
      Session: settings.refreshAbsoluteS,
      Grant: settings.refreshAbsoluteS,
      // Idle: each rotation starts it again; absolute: never past the family's first issue (iiat).
      // The idle time is the client's refresh_token_ttl when it has one.
      RefreshToken: (_ctx, token, client) => {
        const now = Math.floor(Date.now() / 1000);
        const left = settings.refreshAbsoluteS - (now - (token.iiat ?? now));
        const idle = clientTtl(client, 'refresh_token_ttl') ?? settings.refreshIdleS;
        return Math.max(1, Math.min(idle, left));
      },
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      backchannelLogout: { enabled: true },
      deviceFlow: { enabled: true, charset: 'base-20', mask: '****-****' },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: deps.pages.logoutSource,
        postLogoutSuccessSource: deps.pages.postLogoutSuccessSource,
      },
      resourceIndicators: resourceIndicators(settings.resources, { ttlS: settings.accessTokenTtlS, alg: keys.alg }),
    },
    renderError: deps.pages.renderError,
    // Calls out (back-channel logout): the library's deadline, its SSRF guard unless AUTH_OIDC_ALLOW_PRIVATE.
    fetch: outgoingFetch(settings.allowPrivate),
  });
  // The gateway, the only public listener, is the TLS-terminating proxy: the tunnel sets the scheme and
  // host of AUTH_URL on every request (tunnel.ts), so cookies are Secure exactly when AUTH_URL is https.
  provider.proxy = true;
  // First of the provider's middleware, so it wraps every other: a grant's held writes go once it has
  // answered (held-redemption.ts).
  provider.use(
    redeemAfterGrant({ pool: deps.pool, lost: (model, id) => lostRedemption(deps.pool, deps.events, model, id) }),
  );
  // The organisation an authorization's grant carries, kept before its code leaves (organization.ts).
  if (deps.organizations) provider.use(recordOrganization(deps.pool, deps.organizations, settings.refreshAbsoluteS));
  // oidc-provider compares a presented client_secret with the stored one in plaintext and has no hook
  // for hashed secrets; Gatehouse keeps only their hash (clients.ts), so the comparison is replaced. The
  // secret is never an HMAC key here: client_secret_jwt and HS* algorithms are not offered.
  (provider.Client.prototype as unknown as { compareClientSecret(actual: string): boolean }).compareClientSecret =
    function compareClientSecret(this: { clientSecret?: string }, actual: string) {
      return secretMatches(this.clientSecret, actual);
    };
  return provider;
}
