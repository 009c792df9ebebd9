import { OIDC_SESSION_ENDED_HEADER } from '@gatehouse/contract';
import type { Logger } from '@gatehouse/logger';
import type { JwtAlgorithm, TokenService } from '@gatehouse/token';
import type Provider from 'oidc-provider';
import type { Pool } from 'pg';
import type { AuthTrail } from '../sessions/session-events';
import type { SessionEndListener } from '../sessions/sessions';
import type { RateLimiter } from '../stores/limits';
import type { EndedSession, Revocations } from '../stores/revocations';
import { OidcAccounts } from './accounts';
import { sweepExpired } from './adapter';
import { BackchannelLogouts } from './backchannel';
import { ClientAdmin } from './client-admin';
import { PgClientStore } from './clients';
import type { OidcSettings } from './config';
import { grantCreated } from './consent';
import { DeviceApprovals } from './device';
import { deviceFlowMiddleware } from './device-flow';
import { DeviceState } from './device-state';
import { Interactions } from './interaction';
import { providerKeys } from './keys';
import { libraryCsp } from './library-csp';
import type { OrgLookup } from './organization';
import { libraryPages } from './pages';
import { makeProvider } from './provider';
import { rpLogoutMiddleware } from './rp-logout';
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
  /** Ends the Gatehouse session of a token as a logout does (Sessions.end): after an RP-initiated logout. */
  endSession?: (token: string) => Promise<EndedSession | undefined>;
  /** The service's limiter (Redis: every replica counts the same): wrong user codes of devices. */
  limiter: RateLimiter;
  /** Memberships, for the `organization` scope (organization.ts); unset without organisations. */
  organizations?: OrgLookup;
  log: Logger;
}

export interface OidcFeature {
  provider: Provider;
  clients: PgClientStore;
  /** The clients' administration (the admin API's /admin/v1/clients). */
  clientAdmin: ClientAdmin;
  /** The user-code page of devices without a browser (RFC 8628): device.ts. */
  device: DeviceApprovals;
  /** One HTTP request to the provider, with the browser's Gatehouse session token when it has one. */
  http(request: OidcRequest, sessionToken: string): Promise<OidcResponse>;
  /** Sessions.onEnded's listener: the ended session's clients logged out by back-channel (backchannel.ts). */
  sessionEnded: SessionEndListener;
  /** Back-channel logouts under way, awaited. */
  idle(): Promise<void>;
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

/**
 * An answer of the provider marked by rp-logout.ts (the user confirmed an application's logout): the
 * browser's Gatehouse session is ended here as a logout ends it, and the mark becomes what the gateway
 * reads (OIDC_SESSION_ENDED_HEADER: `<jti> <until_ms>`) to refuse it and clear its cookies.
 */
async function endedByLogout(
  res: OidcResponse,
  session: BrowserSession | undefined,
  token: string,
  endSession: OidcDeps['endSession'],
): Promise<OidcResponse> {
  const mark = res.headers.find((h) => h.name === OIDC_SESSION_ENDED_HEADER);
  if (!mark) return res;
  const headers = res.headers.filter((h) => h !== mark);
  const ended = session && mark.value === session.jti ? await endSession?.(token) : undefined;
  if (ended) headers.push({ name: OIDC_SESSION_ENDED_HEADER, value: `${ended.jti} ${ended.untilMs}` });
  return { ...res, headers };
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
    organizations: deps.organizations,
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
  provider.use(rpLogoutMiddleware({ pool, log }));
  const logouts = new BackchannelLogouts({ provider, pool, log });
  // Devices without a browser (RFC 8628): the answer's interval and page, slow_down, the page's decisions.
  const deviceState = new DeviceState(pool);
  provider.use(deviceFlowMiddleware({ issuer: deps.issuer, settings: settings.device, state: deviceState }));
  const device = new DeviceApprovals({
    provider,
    state: deviceState,
    limiter: deps.limiter,
    accounts,
    verifySession: (token) => verifyBrowserSession({ tokens: deps.tokens, revocations: deps.revocations }, token),
    linked: (session) => recordLink(pool, session, settings.refreshAbsoluteS),
    resources: () => settings.resources,
    sessionTtlS: settings.refreshAbsoluteS,
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
    clientAdmin: new ClientAdmin({ pool, store: clients, provider, log }),
    device,
    async http(request, sessionToken) {
      const session = await verifyBrowserSession({ tokens: deps.tokens, revocations: deps.revocations }, sessionToken);
      const res = await tunnel.handle(request, session);
      return endedByLogout(res, session, sessionToken, deps.endSession);
    },
    sessionEnded: logouts.sessionEnded,
    idle: () => logouts.idle(),
    grants: {
      list: (accountId) => userGrants(pool, accountId),
      revoke: (accountId, grantId) => revokeUserGrant(pool, accountId, grantId),
    },
    stop: () => clearInterval(sweep),
  };
}
