import { createClient, type InternalAuth } from '@gatehouse/grpc-kit';
import type { Metrics } from '@gatehouse/metrics';
import { type hooks, loadProto } from '@gatehouse/proto';
import { type Claims, type User, userJson } from '@gatehouse/token';
import * as grpc from '@grpc/grpc-js';
import { z } from 'zod';
import type { HookName, HooksSettings } from './settings';

/** A hook call that failed: the hook errored, timed out or answered something unusable. */
export class HookError extends Error {
  constructor(
    readonly hook: HookName,
    readonly reason: 'timeout' | 'unavailable' | 'failed' | 'bad_answer',
    options?: { cause?: unknown },
  ) {
    super(`hook ${hook} ${reason === 'bad_answer' ? 'answered something unusable' : reason}`, options);
    this.name = 'HookError';
  }
}

const userSchema = z.object({
  name: z.string().max(256),
  id: z.string().min(1).max(256),
  picture: z.string().max(2048).default(''),
  aud: z.string().max(256).optional(),
  ip: z.string().max(256).optional(),
  email: z.string().max(320).optional(),
  attrs: z.record(z.string(), z.unknown()).optional(),
  role: z.string().max(256).optional(),
});

const claimsSchema = z.looseObject({ user: userSchema.optional() });

function parse<T>(hook: HookName, schema: z.ZodType<T>, text: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new HookError(hook, 'bad_answer', { cause: err });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new HookError(hook, 'bad_answer', { cause: parsed.error });
  return parsed.data;
}

/**
 * Calls the application's AuthHooks server, each call with the configured deadline. Only hooks listed
 * in AUTH_HOOKS are callable; `has()` tells the caller whether to use a hook or its default.
 */
export class HooksClient {
  private readonly handle: ReturnType<typeof createClient<hooks.AuthHooksClient>>;
  private readonly enabled: Set<HookName>;

  /** `credential`: this process's internal credential, presented to the hooks server (audience `hooks`). */
  constructor(settings: HooksSettings, credential?: InternalAuth, metrics?: Metrics) {
    this.handle = createClient<hooks.AuthHooksClient>(
      loadProto('hooks').grpcObject.hooks.v1.AuthHooks,
      settings.address,
      { deadlineMs: settings.timeoutMs, credential: credential && { auth: credential, audience: 'hooks' }, metrics },
    );
    this.enabled = new Set(settings.enabled);
  }

  has(hook: HookName): boolean {
    return this.enabled.has(hook);
  }

  async checkCredentials(provider: string, user: string, password: string): Promise<boolean> {
    const res = await this.call('check-credentials', () =>
      this.handle.call.checkCredentials({ provider, user, password }),
    );
    return res.ok === true;
  }

  async send(provider: string, address: string, text: string): Promise<void> {
    await this.call('send', () => this.handle.call.send({ provider, address, text }));
  }

  async updateClaims(claims: Claims): Promise<Claims> {
    const res = await this.call('update-claims', () =>
      this.handle.call.updateClaims({ claimsJson: JSON.stringify(claims) }),
    );
    const updated = parse('update-claims', claimsSchema, res.claimsJson) as Claims;
    // The hook changes the user, never the token's frame: Gatehouse keeps its own registered claims.
    return { ...claims, user: updated.user ? userJson(updated.user) : claims.user };
  }

  async validate(token: string, claims: Claims): Promise<boolean> {
    const res = await this.call('validate', () =>
      this.handle.call.validate({ token, claimsJson: JSON.stringify(claims) }),
    );
    return res.ok === true;
  }

  async updateUser(user: User): Promise<User> {
    const res = await this.call('update-user', () => this.handle.call.updateUser({ userJson: JSON.stringify(user) }));
    return userJson(parse('update-user', userSchema, res.userJson));
  }

  /** The user to run the request as, or null when the credentials are refused. */
  async checkBasicAuth(user: string, password: string): Promise<User | null> {
    const res = await this.call('check-basic-auth', () => this.handle.call.checkBasicAuth({ user, password }));
    if (!res.ok) return null;
    return userJson(parse('check-basic-auth', userSchema, res.userJson));
  }

  async mapUser(provider: string, userInfo: Buffer): Promise<User> {
    const res = await this.call('map-user', () => this.handle.call.mapUser({ provider, userInfo }));
    return userJson(parse('map-user', userSchema, res.userJson));
  }

  async readSecret(audience: string): Promise<string> {
    const res = await this.call('read-secret', () => this.handle.call.readSecret({ audience }));
    if (res.secret.length < 32) throw new HookError('read-secret', 'bad_answer');
    return res.secret;
  }

  close(): void {
    this.handle.close();
  }

  private async call<T>(hook: HookName, fn: () => Promise<T>): Promise<T> {
    if (!this.enabled.has(hook)) throw new Error(`hook ${hook} is not in AUTH_HOOKS`);
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: number }).code;
      const reason =
        code === grpc.status.DEADLINE_EXCEEDED
          ? 'timeout'
          : code === grpc.status.UNAVAILABLE
            ? 'unavailable'
            : 'failed';
      throw new HookError(hook, reason, { cause: err });
    }
  }
}

/**
 * The ReadSecret hook as a secret reader, each audience's answer kept `ttlMs` (default one minute) so
 * that signing and verifying do not call the application every time, and a changed secret still
 * takes effect soon.
 */
export function hookSecretReader(hooks: HooksClient, ttlMs = 60_000, now: () => number = Date.now) {
  const cache = new Map<string, { secret: string; until: number }>();
  return async (aud: string): Promise<string> => {
    const hit = cache.get(aud);
    if (hit && hit.until > now()) return hit.secret;
    const secret = await hooks.readSecret(aud);
    if (cache.size >= 1000) cache.clear();
    cache.set(aud, { secret, until: now() + ttlMs });
    return secret;
  };
}
