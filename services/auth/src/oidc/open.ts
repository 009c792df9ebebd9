import type { Logger } from '@gatehouse/logger';
import type { JwtAlgorithm, TokenService } from '@gatehouse/token';
import type Provider from 'oidc-provider';
import type { Pool } from 'pg';
import type { AuthTrail } from '../sessions/session-events';
import type { Revocations } from '../stores/revocations';
import { OidcAccounts } from './accounts';
import { sweepExpired } from './adapter';
import { PgClientStore } from './clients';
import type { OidcSettings } from './config';
import { grantCreated } from './consent';
import { Interactions } from './interaction';
import { providerKeys } from './keys';
import { libraryCsp } from './library-csp';
import { libraryPages } from './pages';
import { makeProvider } from './provider';
import { type BrowserSession, verifyBrowserSession } from './session';
import { followGatehouseSession } from './sso';
import { type OidcRequest, type OidcResponse, ProviderTunnel } from './tunnel';
import { revokeUserGrant, type UserGrant, userGrants } from './user-grants';

export interface OidcDeps {
  settings: OidcSettings;
  /** AUTH_URL: the issuer. */
  issuer: string;
  avatarRoutePath: string;
  pool: Pool;
  token: { alg: JwtAlgorithm; signingJwks: Record<string, unknown>[] };
  tokens: TokenService;
  revocations: Revocations;
  /** The redirect-based providers the login page offers (read when a page is shown). */
  providerNames: () => string[];
  trail?: AuthTrail;
  log: Logger;
}

export interface OidcFeature {
  provider: Provider;
  clients: PgClientStore;
  /** One HTTP request to the provider, with the browser's Gatehouse session token when it has one. */
  http(request: OidcRequest, sessionToken: string): Promise<OidcResponse>;
  /** A user's grants (GET and DELETE /auth/grants): user-grants.ts. */
  grants: {
    list(accountId: string): Promise<UserGrant[]>;
    /** The grant's client, or undefined when the user has no grant of this id. */
    revoke(accountId: string, grantId: string): Promise<string | undefined>;
  };
  stop(): void;
}

/** Expired codes, tokens and sessions go every 10 minutes (any replica: the delete is idempotent). */
const SWEEP_MS = 10 * 60_000;

/** Which Gatehouse session a provider login came from, for as long as its tokens may live. */
async function recordLink(pool: Pool, session: BrowserSession, ttlS: number): Promise<void> {
  await pool.query(
    `INSERT INTO oidc_session_links (gateway_jti, account_id, login_ts, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) ON CONFLICT DO NOTHING`,
    [session.jti, session.userId, session.authTime, ttlS],
  );
}

/** The OpenID provider (docs/openid-provider.md), on auth's Postgres; undefined while AUTH_OIDC_PROVIDER is off. */
export function openOidc(deps: OidcDeps): OidcFeature {
  const { pool, settings, log } = deps;
  const keys = providerKeys(deps.token, settings, log);
  const clients = new PgClientStore(pool);
  const accounts = new OidcAccounts({ pool, baseUrl: deps.issuer, avatarRoutePath: deps.avatarRoutePath });
  const provider = makeProvider({
    issuer: deps.issuer,
    pool,
    clients,
    accounts,
    keys,
    settings,
    pages: libraryPages(),
    firstPartyGranted: async (ctx, g) => {
      const request = { ip: ctx.ip, userAgent: ctx.get('user-agent') };
      await deps.trail?.record(grantCreated(g.clientId, g.accountId, g.added, request));
    },
    events: {
      reused(model, payload) {
        log.warn(
          { model, client: payload.clientId },
          'a consumed OpenID token or code was presented again: its grant is revoked',
        );
        void deps.trail?.record({
          type: 'token.reuse_detected',
          actor: { kind: 'anonymous' },
          subjectUser: payload.accountId ?? null,
          data: { client_id: payload.clientId ?? 'unknown', kind: model.toLowerCase() },
        });
      },
    },
  });
  // A refresh token presented after it rotated: the library revokes its grant; the trail says so.
  provider.on('grant.error', (ctx, err) => {
    if ((err as { error_detail?: string }).error_detail !== 'refresh token already used') return;
    void deps.trail?.record({
      type: 'token.reuse_detected',
      actor: { kind: 'anonymous' },
      subjectUser: (ctx.oidc.entities.RefreshToken?.accountId as string | undefined) ?? null,
      data: { client_id: ctx.oidc.client?.clientId ?? 'unknown', kind: 'refreshtoken' },
    });
  });
  const linked = (session: BrowserSession) => recordLink(pool, session, settings.refreshAbsoluteS);
  // Before the library's routes: the CSP its own pages are written under (form_post), and single
  // sign-on from the Gatehouse session (sso.ts).
  provider.use(libraryCsp());
  provider.use(followGatehouseSession({ provider, accounts, sessionTtlS: settings.refreshAbsoluteS, linked }));
  const interactions = new Interactions({
    provider,
    accounts,
    providerNames: deps.providerNames,
    formKey: keys.cookieKeys[0] as string,
    linked,
    record: async (event) => deps.trail?.record(event),
    log,
  });
  const tunnel = new ProviderTunnel(provider, interactions, deps.issuer, log);
  const sweep = setInterval(() => {
    sweepExpired(pool).catch((err: unknown) => log.warn({ err }, 'expired OpenID entries not swept'));
  }, SWEEP_MS);
  sweep.unref();
  log.info({ issuer: deps.issuer }, 'OpenID provider on: discovery at /.well-known/openid-configuration');
  return {
    provider,
    clients,
    async http(request, sessionToken) {
      const session = await verifyBrowserSession({ tokens: deps.tokens, revocations: deps.revocations }, sessionToken);
      return tunnel.handle(request, session);
    },
    grants: {
      list: (accountId) => userGrants(pool, accountId),
      revoke: (accountId, grantId) => revokeUserGrant(pool, accountId, grantId),
    },
    stop: () => clearInterval(sweep),
  };
}
