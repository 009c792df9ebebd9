// How the gateway knows who is calling: in-process token verification (keys, provider names), the
// Authenticator with its refresh, basic-auth budget and hooks, and the ended-sessions feed that keeps
// it told of logouts elsewhere. Every surface takes its users from here.
import type { Logger } from '@gatehouse/logger';
import type { Metrics } from '@gatehouse/metrics';
import { MemoryRateLimiter, openRedis, PasswordAttempts, RedisRateLimiter } from '@gatehouse/redis';
import { Authenticator } from './auth/authenticator';
import { EndedSessionsFeed } from './auth/ended-sessions';
import { gatewayVerification } from './auth/verification';
import type { GatewayClients } from './clients';
import type { GatewayConfig } from './config';
import { basicAuthRecorder, countedAuthenticator } from './metrics';

/** A refresh waits this long for the auth service, whose own Redis calls give up after 1 s. */
const REFRESH_DEADLINE_MS = 5_000;

export type GatewayAuthentication = Awaited<ReturnType<typeof openAuthentication>>;

export async function openAuthentication(
  config: GatewayConfig,
  clients: GatewayClients,
  metrics: Metrics | undefined,
  log: Logger,
) {
  const { auth, hooks } = clients;
  const { keys, verifier, providerNames } = await gatewayVerification(
    config.token,
    hooks,
    async () => (await auth.call.listProviders({})).names,
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
      const { session } = await auth.call.refreshToken({ token }, { deadlineMs: REFRESH_DEADLINE_MS });
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
  // Metrics cost nothing when off: the authenticator unwrapped.
  const authenticator = metrics ? countedAuthenticator(checked, metrics) : checked;
  const endedSessions = new EndedSessionsFeed({
    open: () => auth.raw.watchEndedSessions({}),
    onEnded: (jti, untilMs) => authenticator.endSessionUntil(jti, untilMs),
    log,
  });
  endedSessions.start();
  return {
    authenticator,
    keys,
    providerNames,
    /** The abuse counters (Redis when there is one): routes that count requests per client share it. */
    limiter: attemptsLimiter,
    /** After the listeners have drained: requests still being answered must hear of logouts too. */
    close() {
      endedSessions.stop();
      providerNames.stop();
      redis?.disconnect();
    },
  };
}
