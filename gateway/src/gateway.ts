import { checkHealth, createClient, openInternalAuth } from '@gatehouse/grpc-kit';
import { HooksClient } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import { Metrics, type MetricsServer, serveMetrics } from '@gatehouse/metrics';
import { type auth, type avatar, loadProto, type payment } from '@gatehouse/proto';
import { MemoryRateLimiter, openRedis, PasswordAttempts, RedisRateLimiter } from '@gatehouse/redis';
import type Router from '@koa/router';
import { buildApp, type Mount } from './app';
import { Authenticator } from './auth/authenticator';
import { EndedSessionsFeed } from './auth/ended-sessions';
import { gatewayVerification } from './auth/verification';
import type { GatewayConfig } from './config';
import { hotAnswers, type RawAnswer } from './hot-answers';
import { openLoginHandlerClients } from './login-handler-clients';
import {
  avatarCacheRecorder,
  basicAuthRecorder,
  countedAuthenticator,
  httpMetrics,
  loginRecorder,
  upstreamRecorder,
} from './metrics';
import { authenticate } from './middleware/authenticate';
import { listenPublic } from './public-server';
import { authRoutes, LOGIN_DEADLINE_MS } from './routes/auth.routes';
import { avatarHandlers } from './routes/avatar.routes';
import { CARD_LOAD_ROUTE, cardLoadBeforeKoa } from './routes/card-load.fast';
import { healthRoutes } from './routes/health.routes';
import { homeRoutes } from './routes/home.routes';
import { jwksRoutes } from './routes/jwks.routes';
import { type LoginHandlerClient, loginHandlerRoutes } from './routes/login-handler.routes';
import { openApiRoutes } from './routes/openapi.routes';
import { passkeyRoutes } from './routes/passkey.routes';
import { paymentRefusalBody, paymentRoutes } from './routes/payment.routes';
import { paymentWebhookRoutes } from './routes/payment-webhooks.routes';
import { proxyRoutes } from './routes/proxy.routes';
import { reversalRoutes } from './routes/reversals.routes';
import { sessionRoutes } from './routes/sessions.routes';
import { secondFactorAnswer, totpRoutes } from './routes/totp.routes';
import { userRefreshBeforeKoa } from './routes/user-refresh.fast';

/** A refresh waits this long for the auth service, whose own Redis calls give up after 1 s. */
const REFRESH_DEADLINE_MS = 5_000;

export interface RunningGateway {
  port: number;
  url: string;
  /** What the app serves, by prefix: the OpenAPI route check walks it (openapi-routes.test.ts). */
  mounts: readonly Mount[];
  stop(): Promise<void>;
}

/** Wires the gateway (gRPC clients, in-process token verification, routes) and starts listening. */
export async function startGateway(config: GatewayConfig, log: Logger): Promise<RunningGateway> {
  // Each service is addressed by name in the caller token: custom login handlers by their provider name.
  const handlerNames = Object.keys(config.token.loginHandlers);
  const internalAuth = await openInternalAuth(
    config.internalKeysDir,
    'gateway',
    [...new Set(['auth', 'avatar', 'payment', 'hooks', ...handlerNames])],
    log,
  );
  const credential = (audience: string) => internalAuth && { auth: internalAuth, audience };
  // Metrics cost nothing when off: no registry, no request middleware, the authenticator unwrapped.
  const metrics = config.metricsPort ? new Metrics('gateway') : undefined;
  const authClient = createClient<auth.AuthServiceClient>(
    loadProto('auth').grpcObject.auth.v1.AuthService,
    config.addresses.auth,
    { credential: credential('auth'), metrics },
  );
  // TOTP second factor (README "Second factor (TOTP)"): served by the auth process.
  const totpClient = createClient<auth.TotpServiceClient>(
    loadProto('totp').grpcObject.auth.v1.TotpService,
    config.addresses.auth,
    { credential: credential('auth'), metrics },
  );
  // Sessions per device (README "Sessions per device"): served by the auth process.
  const sessionsClient = createClient<auth.SessionServiceClient>(
    loadProto('sessions').grpcObject.auth.v1.SessionService,
    config.addresses.auth,
    { credential: credential('auth'), metrics },
  );
  const avatarClient = createClient<avatar.AvatarServiceClient>(
    loadProto('avatar').grpcObject.avatar.v1.AvatarService,
    config.addresses.avatar,
    { credential: credential('avatar'), metrics },
  );
  const hooks = config.hooks ? new HooksClient(config.hooks, internalAuth, metrics) : undefined;
  const { keys, verifier, providerNames } = await gatewayVerification(
    config.token,
    hooks,
    async () => (await authClient.call.listProviders({})).names,
    log,
  );
  // Basic-auth failures are counted in Redis, so every gateway of a deployment shares one budget; a
  // command gives up within a second, and the authenticator then refuses rather than count nothing.
  const redisAt = config.redis.connection ?? config.redis.url;
  const redis = redisAt ? openRedis(redisAt, log, { commandTimeoutMs: 1000 }) : undefined;
  const attemptsLimiter = redis ? new RedisRateLimiter(redis, config.redis.keyPrefix) : new MemoryRateLimiter();
  if (!redis && (config.adminPassword || hooks?.has('check-basic-auth'))) {
    log.warn('REDIS_URL is unset: basic-auth failures are counted in this gateway only (development only)');
  }
  const checked = new Authenticator({
    verifier,
    refresh: async (token) => {
      const { session } = await authClient.call.refreshToken({ token }, { deadlineMs: REFRESH_DEADLINE_MS });
      if (!session) throw new Error('refresh returned no session');
      return session;
    },
    adminPassword: config.adminPassword,
    validate: hooks?.has('validate') ? (token, claims) => hooks.validate(token, claims) : undefined,
    checkBasicAuth: hooks?.has('check-basic-auth') ? (user, pass) => hooks.checkBasicAuth(user, pass) : undefined,
    basicAttempts: new PasswordAttempts(attemptsLimiter, 'gateway-basic'),
    passwordChecked: metrics && basicAuthRecorder(metrics),
    log,
  });
  const authenticator = metrics ? countedAuthenticator(checked, metrics) : checked;
  const loginFinished = metrics && loginRecorder(metrics, providerNames.allowed);
  const endedSessions = new EndedSessionsFeed({
    open: () => authClient.raw.watchEndedSessions({}),
    onEnded: (jti, untilMs) => authenticator.endSessionUntil(jti, untilMs),
    log,
  });
  endedSessions.start();
  const handlerClients = openLoginHandlerClients(config, credential, metrics);
  const handlers: Record<string, LoginHandlerClient> = Object.fromEntries(
    handlerClients.map(([name, client]) => [name, client.call]),
  );
  const paymentClient = createClient<payment.PaymentServiceClient>(
    loadProto('payment').grpcObject.payment.v1.PaymentService,
    config.addresses.payment,
    { credential: credential('payment'), metrics },
  );
  const paymentDeps = {
    payment: paymentClient.call,
    requireUser: authenticate(authenticator, config.cookies, { required: true, refusalBody: paymentRefusalBody }),
    log,
  };
  const payments = paymentRoutes(paymentDeps);
  const secondFactor = secondFactorAnswer(config.cookies);
  const auth = authRoutes({
    auth: authClient.call,
    authenticator,
    cookies: config.cookies,
    loginFinished,
    answerSecondFactor: secondFactor,
  });
  const avatars = avatarHandlers({
    avatar: avatarClient.call,
    routePath: config.token.avatarRoutePath,
    cacheLookup: metrics && avatarCacheRecorder(metrics),
  });
  const authRouters: Router[] = [
    // Before the auth router, whose /auth/:provider/:action would otherwise take these names.
    loginHandlerRoutes({
      handlers,
      issueSession: async (provider, userJson, { site, sessionOnly, redirectUrl, client }) => {
        const res = await authClient.call
          .issueSession(
            { provider, userJson, site, sessionOnly, redirectUrl, client },
            { deadlineMs: LOGIN_DEADLINE_MS },
          )
          .catch((err: unknown) => {
            loginFinished?.(provider, 'failure');
            throw err;
          });
        loginFinished?.(provider, 'success');
        // TOTP: the user must give a code first; the pending login stands for the session until then.
        if (res.secondFactorPending) return { pending: res.secondFactorPending };
        if (!res.session) throw new Error('auth service issued no session');
        return { session: res.session, userJson: res.userJson };
      },
      answerSecondFactor: secondFactor,
      endSession: async (token) => {
        await authClient.call.logout({ provider: '', token });
      },
      authenticator,
      cookies: config.cookies,
      log,
      trustedRedirects: config.builtInLogins,
    }),
    jwksRoutes('/auth/jwks.json', keys.publicKeys?.jwks),
    passkeyRoutes({ auth: authClient.call, authenticator, cookies: config.cookies }),
    totpRoutes({ totp: totpClient.call, authenticator, cookies: config.cookies }),
    // Sessions per device (auth.v1.SessionService, served by the auth process).
    sessionRoutes({ sessions: sessionsClient.call, authenticator, cookies: config.cookies }),
    auth.router,
  ];
  const proxy = proxyRoutes({
    routes: config.routes,
    authenticator,
    cookies: config.cookies,
    updateUser: hooks?.has('update-user') ? (user) => hooks.updateUser(user) : undefined,
    timeoutMs: config.upstreamTimeoutMs,
    publicHost: new URL(config.token.url).host,
    log,
    upstreamAnswered: metrics && upstreamRecorder(metrics),
  });
  const mounts: Mount[] = [
    { prefix: '/auth', routers: authRouters },
    { prefix: config.token.avatarRoutePath, middleware: [avatars.middleware] },
    { prefix: '/tokens', routers: [payments] },
    { prefix: '/cards', routers: [payments, reversalRoutes(paymentDeps)] },
    // The processor's notifications (issue 35): public, rate limited per address.
    { prefix: '/payment', routers: [paymentWebhookRoutes({ ...paymentDeps, limiter: attemptsLimiter })] },
    // Application upstreams (AUTH_CONFIG routes), each under its own prefix.
    ...config.routes.map((r) => ({ prefix: r.prefix, routers: [proxy] })),
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
        jwksRoutes('/.well-known/jwks.json', keys.publicKeys?.jwks),
        openApiRoutes({ avatarRoutePath: config.token.avatarRoutePath, serverUrl: config.token.url }),
      ],
    },
  ];
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
  // Its own listener on the gateway's host, never the public port: scrapes stay off the public API.
  const metricsServer: MetricsServer | undefined =
    metrics && (await serveMetrics(metrics, { host: config.metricsHost, port: config.metricsPort ?? 0 }));
  // The hottest answers before Koa: GET /auth/user and avatars from caches (see authRoutes and
  // avatarHandlers), and card loads (card-load.fast.ts). Logged requests take the full path, so a
  // debug access log still sees every one.
  const cached = hotAnswers(
    [
      { answer: auth.answerCached, route: '/auth/user' },
      { answer: avatars.answerCached, route: `${config.token.avatarRoutePath.replace(/\/+$/, '')}/*` },
    ],
    requestMetrics,
  );
  const cardLoad = cardLoadBeforeKoa({
    payment: paymentClient.call,
    authenticator,
    log,
    track: requestMetrics && (() => requestMetrics.takenBeforeKoa(CARD_LOAD_ROUTE, 'POST')),
  });
  // An expired cookie token on GET /auth/user: its refresh (user-refresh.fast.ts).
  const userRefresh = userRefreshBeforeKoa({
    authenticator,
    cookies: config.cookies,
    log,
    track: requestMetrics && (() => requestMetrics.takenBeforeKoa('/auth/user', 'GET')),
  });
  const answerBeforeKoa: RawAnswer | undefined = log.isLevelEnabled('debug')
    ? undefined
    : (req, res) => cached(req, res) || userRefresh(req, res) || cardLoad(req, res);
  const server = await listenPublic({
    host: config.host,
    port: config.port,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    handle: app.callback(),
    answerBeforeKoa,
    log,
  });
  const { port } = server;
  log.info({ address: `${config.host}:${port}` }, 'gateway listening');
  return {
    port,
    url: `http://${config.host}:${port}`,
    mounts,
    async stop() {
      await server.drain();
      // Only now: requests still being answered above must hear of logouts too.
      endedSessions.stop();
      providerNames.stop();
      authClient.close();
      totpClient.close();
      sessionsClient.close();
      avatarClient.close();
      for (const [, client] of handlerClients) client.close();
      paymentClient.close();
      hooks?.close();
      internalAuth?.close();
      redis?.disconnect();
      await metricsServer?.stop();
    },
  };
}
