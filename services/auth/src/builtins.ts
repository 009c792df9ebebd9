import { AppError } from '@gatehouse/grpc-kit';
import { HookError, type HooksClient } from '@gatehouse/hooks-sdk';
import type { Logger } from '@gatehouse/logger';
import type { Claims, SecretReader, TokenService } from '@gatehouse/token';
import { Redis } from 'ioredis';
import type { AuthConfig } from './config';
import { type CredentialChecker, hookChecker, htpasswdChecker } from './credentials';
import { DirectLogin } from './login/direct-login';
import { VerifiedLogin } from './login/verified-login';
import type { BuiltInLogin } from './login-handlers';
import type { Sender } from './senders/sender';
import { smtpSender } from './senders/smtp';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from './stores/limits';
import { MemoryRevocations, RedisRevocations, type Revocations } from './stores/revocations';
import { MemoryUsedTokens, RedisUsedTokens, type UsedTokens } from './stores/used-tokens';

export interface Stores {
  limiter: RateLimiter;
  usedTokens: UsedTokens;
  revocations: Revocations;
  redis: Redis | undefined;
}

/** Redis when REDIS_URL is set; otherwise in-process stores, fine for one development process only. */
export function openStores(config: AuthConfig, log: Logger): Stores {
  if (!config.redis.url) {
    log.warn('REDIS_URL is unset: confirmation tokens and abuse counters live in this process (development only)');
    return {
      limiter: new MemoryRateLimiter(),
      usedTokens: new MemoryUsedTokens(),
      revocations: new MemoryRevocations(),
      redis: undefined,
    };
  }
  // Commands give up well inside the gateway's refresh deadline (REFRESH_DEADLINE_MS), so an outage is
  // answered as UNAVAILABLE rather than lost in a deadline.
  const redis = new Redis(config.redis.url, { commandTimeout: 1000, connectTimeout: 2000, maxRetriesPerRequest: 1 });
  // ioredis reconnects by itself; the listener keeps each failure to one log line.
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'redis connection error'));
  const prefix = config.redis.keyPrefix;
  return {
    limiter: new RedisRateLimiter(redis, prefix),
    usedTokens: new RedisUsedTokens(redis, prefix),
    revocations: new RedisRevocations(redis, prefix),
    redis,
  };
}

/** The application's claims updater, failing closed: no token is signed when the hook cannot answer. */
export function hookClaimsUpdater(hooks: HooksClient, log: Logger) {
  return async (claims: Claims): Promise<Claims> => {
    try {
      return await hooks.updateClaims(claims);
    } catch (err) {
      if (!(err instanceof HookError)) throw err;
      log.error({ err: err.message }, 'claims updater failed');
      throw new AppError('unavailable', 'HOOK_FAILED', 'claims updater unavailable');
    }
  };
}

export interface BuiltInDeps {
  config: AuthConfig;
  hooks: HooksClient | undefined;
  tokens: TokenService;
  secrets: SecretReader;
  stores: Stores;
  log: Logger;
}

/** The direct and verified providers of AUTH_CONFIG; `close` releases their SMTP connections. */
export function builtInLogins(deps: BuiltInDeps): { logins: BuiltInLogin[]; close(): void } {
  const { config, hooks, stores, log } = deps;
  const closers: (() => void)[] = [];
  const logins: BuiltInLogin[] = [];
  for (const d of config.direct) {
    const checker: CredentialChecker =
      d.checker.kind === 'htpasswd' ? htpasswdChecker(d.checker.path) : hookChecker(hooks as HooksClient, d.name);
    logins.push(new DirectLogin({ name: d.name, checker, limiter: stores.limiter, limits: config.limits.direct, log }));
  }
  for (const v of config.verified) {
    let sender: Sender;
    if (v.sender.kind === 'smtp') {
      const smtp = smtpSender(v.sender.smtp);
      closers.push(smtp.close);
      sender = smtp.send;
    } else {
      const h = hooks as HooksClient;
      sender = (address, text) => h.send(v.name, address, text);
    }
    logins.push(
      new VerifiedLogin({
        name: v.name,
        template: v.template,
        sender,
        tokens: deps.tokens,
        secrets: deps.secrets,
        usedTokens: stores.usedTokens,
        limiter: stores.limiter,
        limits: config.limits.verified,
        baseUrl: config.token.url,
        allowedRedirectHosts: config.token.allowedRedirectHosts,
        log,
      }),
    );
  }
  return {
    logins,
    close: () => {
      for (const c of closers) c();
    },
  };
}
