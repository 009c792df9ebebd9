import type { Logger } from '@gatehouse/logger';
import type { JwtAlgorithm, TokenService } from '@gatehouse/token';
import type Provider from 'oidc-provider';
import type { Pool } from 'pg';
import type { AuthTrail } from '../sessions/session-events';
import type { RateLimiter } from '../stores/limits';
import type { Revocations } from '../stores/revocations';
import { OidcAccounts } from './accounts';
import { sweepExpired } from './adapter';
import { PgClientStore } from './clients';
import type { OidcSettings } from './config';
import { DeviceApprovals } from './device';
import { deviceFlowMiddleware } from './device-flow';
import { DeviceState } from './device-state';
import { Interactions } from './interaction';
import { providerKeys } from './keys';
import { libraryPages } from './pages';
import { makeProvider } from './provider';
import { type BrowserSession, verifyBrowserSession } from './session';
import { type OidcRequest, type OidcResponse, ProviderTunnel } from './tunnel';

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
  /** The service's limiter (Redis: every replica counts the same): wrong user codes of devices. */
  limiter: RateLimiter;
  log: Logger;
}

export interface OidcFeature {
  provider: Provider;
  clients: PgClientStore;
  /** The user-code page of devices without a browser (RFC 8628): device.ts. */
  device: DeviceApprovals;
  /** One HTTP request to the provider, with the browser's Gatehouse session token when it has one. */
  http(request: OidcRequest, sessionToken: string): Promise<OidcResponse>;
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
  const interactions = new Interactions({
    provider,
    accounts,
    providerNames: deps.providerNames,
    formKey: keys.cookieKeys[0] as string,
    linked: (session) => recordLink(pool, session, settings.refreshAbsoluteS),
    log,
  });
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
    device,
    async http(request, sessionToken) {
      const session = await verifyBrowserSession({ tokens: deps.tokens, revocations: deps.revocations }, sessionToken);
      return tunnel.handle(request, session);
    },
    stop: () => clearInterval(sweep),
  };
}
