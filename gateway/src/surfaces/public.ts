// The public surface: every route a client or a browser may call (the go-pkgz /auth contract, avatars,
// the card-loading API, the application upstreams, health, the demo page, the key sets and the OpenAPI
// document), and the lanes that answer its hottest requests before Koa.
import { checkHealth } from '@gatehouse/grpc-kit';
import { buildApp, type Mount } from '../app';
import { cachedLanes, firstLane } from '../lanes';
import { avatarLane } from '../lanes/avatar';
import { CARD_LOAD_ROUTE, cardLoadLane } from '../lanes/card-load';
import { OIDC_TOKEN_ROUTE, oidcTokenLane } from '../lanes/oidc-token';
import { cachedUserLane } from '../lanes/user';
import { userRefreshLane } from '../lanes/user-refresh';
import { avatarCacheRecorder, httpMetrics, loginRecorder, upstreamRecorder } from '../metrics';
import { openApiRoutes } from '../openapi/routes';
import { activityRoutes } from '../routes/auth/activity.routes';
import { deviceRoutes } from '../routes/auth/device.routes';
import { authFallbackRoutes } from '../routes/auth/fallback.routes';
import { authRoutes } from '../routes/auth/go-pkgz.routes';
import { grantRoutes } from '../routes/auth/grants.routes';
import { identityRoutes } from '../routes/auth/identities.routes';
import { loginHandlerRoutes } from '../routes/auth/login-handler.routes';
import { orgRoutes } from '../routes/auth/orgs.routes';
import { passkeyRoutes } from '../routes/auth/passkey.routes';
import { passwordRoutes } from '../routes/auth/password.routes';
import { sessionRoutes } from '../routes/auth/sessions.routes';
import { totpRoutes } from '../routes/auth/totp.routes';
import { LOGIN_DEADLINE_MS, requireUser } from '../routes/kit';
import { oidcProviderRoutes } from '../routes/oidc/provider.routes';
import { paymentRefusalBody, paymentRoutes } from '../routes/payment/cards.routes';
import { limitRoutes } from '../routes/payment/limits.routes';
import { reversalRoutes } from '../routes/payment/reversals.routes';
import { statementRoutes } from '../routes/payment/statements.routes';
import { paymentWebhookRoutes } from '../routes/payment/webhooks.routes';
import { avatarHandlers } from '../routes/site/avatar.routes';
import { devicePageRoutes } from '../routes/site/device-page.routes';
import { healthRoutes } from '../routes/site/health.routes';
import { homeRoutes } from '../routes/site/home.routes';
import { jwksRoutes } from '../routes/site/jwks.routes';
import { orgMembership } from '../routes/site/org-membership';
import { mountPrefix } from '../routes/site/org-policies';
import { proxyRoutes } from '../routes/site/proxy.routes';
import type { Surface, SurfaceDeps } from './surface';

export function publicSurface({ config, clients, authentication, metrics, log }: SurfaceDeps): Surface {
  const { authenticator, keys, providerNames } = authentication;
  const cookies = config.cookies;
  const { hooks } = clients;
  const loginFinished = metrics && loginRecorder(metrics, providerNames.allowed);
  const paymentDeps = {
    payment: clients.payment.call,
    requireUser: requireUser(authenticator, cookies, { refusalBody: paymentRefusalBody }),
    log,
  };
  const payments = paymentRoutes(paymentDeps);
  const goPkgzAuth = authRoutes({ auth: clients.auth.call, authenticator, cookies, loginFinished });
  const avatars = avatarHandlers({
    avatar: clients.avatar.call,
    routePath: config.token.avatarRoutePath,
    cacheLookup: metrics && avatarCacheRecorder(metrics),
  });
  const handlers = Object.fromEntries([...clients.loginHandlers].map(([name, client]) => [name, client.call]));
  // The /auth area: its own routes first; the go-pkgz routes, whose /auth/:provider/:action takes any
  // two segments, and the fallback for the rest (400) come last, whatever is added above them.
  const authRouters = [
    loginHandlerRoutes({
      handlers,
      issueSession: async (provider, userJson, { site, sessionOnly, redirectUrl, client, linkSessionToken }) => {
        const res = await clients.auth.call
          .issueSession(
            { provider, userJson, site, sessionOnly, redirectUrl, client, linkSessionToken: linkSessionToken ?? '' },
            { deadlineMs: LOGIN_DEADLINE_MS },
          )
          .catch((err: unknown) => {
            loginFinished?.(provider, 'failure');
            throw err;
          });
        loginFinished?.(provider, 'success');
        // A session, a pending second factor or a link's identity: the kit's login answer writes it.
        return res;
      },
      endSession: async (token) => {
        await clients.auth.call.logout({ provider: '', token });
      },
      authenticator,
      cookies,
      log,
      trustedRedirects: config.builtInLogins,
    }),
    jwksRoutes('/auth/jwks.json', keys.publicKeys?.jwks),
    passkeyRoutes({ auth: clients.auth.call, authenticator, cookies }),
    totpRoutes({ totp: clients.totp.call, authenticator, cookies }),
    // Password accounts (auth.v1.PasswordService, docs/password-accounts.md).
    passwordRoutes({ passwords: clients.passwords.call, authenticator, cookies }),
    // Sessions per device (auth.v1.SessionService, served by the auth process).
    sessionRoutes({ sessions: clients.sessions.call, authenticator, cookies }),
    // The user's own recent activity from the audit trail (auth.v1.EventsService, docs/events.md).
    activityRoutes({ events: clients.events.call, authenticator, cookies }),
    // A user's ways in and their export (auth.v1.IdentityService, served by the auth process).
    identityRoutes({
      identities: clients.identities.call,
      authenticator,
      cookies,
      limiter: authentication.limiter,
      log,
    }),
    // Organisations, members, invitations, the active organisation (auth.v1.OrganizationService).
    orgRoutes({ organizations: clients.organizations.call, authenticator, cookies }),
    // Devices without a browser: the user-code page's decisions (auth.v1.OidcService, docs/openid-provider.md).
    deviceRoutes({ oidc: clients.oidc.call, authenticator, cookies }),
    // The applications the user let in through the OpenID provider (auth.v1.OidcService).
    grantRoutes({ oidc: clients.oidc.call, authenticator, cookies }),
    goPkgzAuth,
    authFallbackRoutes(),
  ];
  const proxy = proxyRoutes({
    routes: config.routes,
    authenticator,
    cookies,
    updateUser: hooks?.has('update-user') ? (user) => hooks.updateUser(user) : undefined,
    timeoutMs: config.upstreamTimeoutMs,
    publicHost: new URL(config.token.url).host,
    memberOf: orgMembership(clients.organizations.call, log),
    log,
    upstreamAnswered: metrics && upstreamRecorder(metrics),
  });
  const oidc = oidcProviderRoutes({ oidc: clients.oidc.call, authenticator, cookies });
  const mounts: Mount[] = [
    { prefix: '/auth', routers: authRouters },
    { prefix: config.token.avatarRoutePath, middleware: [avatars.middleware] },
    { prefix: '/tokens', routers: [payments] },
    {
      prefix: '/cards',
      routers: [payments, reversalRoutes(paymentDeps), statementRoutes(paymentDeps), limitRoutes(paymentDeps)],
    },
    // The processor's notifications (issue 35): public, rate limited per address.
    {
      prefix: '/payment',
      routers: [paymentWebhookRoutes({ ...paymentDeps, limiter: authentication.limiter })],
    },
    // The OpenID provider (docs/openid-provider.md): /oidc/ and discovery, handed to the auth service.
    { prefix: '/oidc', routers: [oidc] },
    // Application upstreams (AUTH_CONFIG routes), each under its own prefix.
    ...config.routes.map((r) => ({ prefix: mountPrefix(r), routers: [proxy] })),
    {
      prefix: '/health',
      routers: [
        healthRoutes({
          services: {
            auth: config.addresses.auth,
            avatar: config.addresses.avatar,
            payment: config.addresses.payment,
            ...config.token.loginHandlers,
          },
          check: (address) => checkHealth(address),
        }),
      ],
    },
    {
      prefix: '',
      routers: [
        homeRoutes(),
        devicePageRoutes(),
        oidc,
        jwksRoutes('/.well-known/jwks.json', keys.publicKeys?.jwks),
        openApiRoutes({ avatarRoutePath: config.token.avatarRoutePath, serverUrl: config.token.url }),
      ],
    },
  ];
  // Metrics cost nothing when off: no request middleware.
  const requestMetrics =
    metrics &&
    httpMetrics(
      metrics,
      mounts.map((m) => m.prefix),
    );
  const app = buildApp({
    log,
    trustedProxies: config.trustedProxies,
    first: requestMetrics ? [requestMetrics.middleware] : [],
    mounts,
  });
  // The lanes, before Koa (lanes/index.ts). Logged requests take Koa's routes, so a debug access log
  // still sees every one.
  const taken = (route: string, method: string) =>
    requestMetrics && (() => requestMetrics.takenBeforeKoa(route, method));
  const lanes = log.isLevelEnabled('debug')
    ? undefined
    : firstLane(
        cachedLanes(
          [
            { lane: cachedUserLane(authenticator), route: '/auth/user' },
            { lane: avatarLane(avatars), route: `${config.token.avatarRoutePath.replace(/\/+$/, '')}/*` },
          ],
          requestMetrics,
        ),
        userRefreshLane({ authenticator, cookies, log, track: taken('/auth/user', 'GET') }),
        cardLoadLane({
          payment: clients.payment.call,
          authenticator,
          trustedProxies: config.trustedProxies,
          log,
          track: taken(CARD_LOAD_ROUTE, 'POST'),
        }),
        oidcTokenLane({
          oidc: clients.oidc.call,
          trustedProxies: config.trustedProxies,
          log,
          track: taken(OIDC_TOKEN_ROUTE, 'POST'),
        }),
      );
  return { name: 'public', host: config.host, port: config.port, mounts, handle: app.callback(), lanes };
}
