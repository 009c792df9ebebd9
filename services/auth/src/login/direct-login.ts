import type { Logger } from '@gatehouse/logger';
import { userId } from '@gatehouse/token';
import type { CredentialChecker } from '../credentials';
import { type PasswordLimits, passwordAttemptKeys, type RateLimiter } from '../stores/limits';
import { answer, BadRequestBody, failure, type LoginAnswer, type LoginRequest, requestFields } from './http-like';

export type DirectLimits = PasswordLimits;

export interface DirectLoginDeps {
  name: string;
  checker: CredentialChecker;
  limiter: RateLimiter;
  limits: DirectLimits;
  log: Logger;
}

/** Longest user name and password passed to a checker; longer input is refused before any check. */
const MAX_USER = 256;
const MAX_PASSWORD = 4096;

/**
 * go-pkgz's direct provider: user and password from the query (GET), a form or JSON
 * (POST), checked by the configured checker; the user is `<name>_<sha1(user)>`. Attempts are counted per
 * user and per client address before the checker runs, so a flood never reaches the application.
 */
export class DirectLogin {
  constructor(private readonly deps: DirectLoginDeps) {}

  get name(): string {
    return this.deps.name;
  }

  async login(req: LoginRequest): Promise<LoginAnswer> {
    let fields: Record<string, string>;
    try {
      fields = requestFields(req);
    } catch (err) {
      if (err instanceof BadRequestBody) return failure(400, 'failed to parse credentials');
      throw err;
    }
    const user = fields.user ?? '';
    const password = fields.passwd ?? '';
    const aud = fields.aud ?? '';
    if (user.length > MAX_USER || password.length > MAX_PASSWORD || aud.length > 256) {
      return failure(400, 'failed to parse credentials');
    }
    if (!user || !password) return failure(403, 'incorrect user or password');

    const { limiter, limits, name } = this.deps;
    const attempted = userId(name, user);
    const keys = passwordAttemptKeys(`direct:${name}`, attempted, req.clientIp, limits);
    for (const [key, limit] of keys.hits) {
      const verdict = await limiter.hit(key, limit);
      if (!verdict.allowed) {
        const per = key === keys.reset ? 'user_ip' : key.split(':')[2] === 'ip' ? 'ip' : 'user';
        this.deps.log.warn({ provider: name, limit: per }, 'direct login limit reached');
        return {
          ...failure(429, 'too many login attempts', { 'retry-after': String(verdict.retryAfterSeconds) }),
          attempt: { user: attempted, limit: { per, windowMs: limit.windowMs } },
        };
      }
    }

    let ok: boolean;
    try {
      ok = await this.deps.checker(user, password);
    } catch (err) {
      this.deps.log.error({ err, provider: name }, 'credential check failed');
      return failure(500, 'failed to check user credentials');
    }
    if (!ok) return { ...failure(403, 'incorrect user or password'), attempt: { user: attempted } };
    await limiter.reset(keys.reset);
    const found = { name: user, id: userId(name, user), picture: '' };
    return { ...answer(200, found), userJson: JSON.stringify(found), site: aud || undefined };
  }
}
