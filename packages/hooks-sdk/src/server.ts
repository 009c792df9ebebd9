import { AppError } from '@gatehouse/errors';
import {
  type AccessRules,
  openInternalAuth,
  type RunningGrpcServer,
  startGrpcServer,
  unaryHandler,
} from '@gatehouse/grpc-kit';
import { createLogger, type Logger } from '@gatehouse/logger';
import { type hooks, loadProto } from '@gatehouse/proto';
import type { Claims, User } from '@gatehouse/token';
import * as grpc from '@grpc/grpc-js';

/**
 * The application's hooks as plain async functions (the seed's "plain-function adapters"). Implement
 * the ones you need; each one you leave out answers UNIMPLEMENTED, and Gatehouse never calls it as long
 * as it is not listed in AUTH_HOOKS. A thrown error refuses (the login, the request), it never allows.
 */
export interface HookFunctions {
  /** Direct login: true when the credentials are right. `provider` is the direct provider's name. */
  checkCredentials(user: string, password: string, provider: string): Promise<boolean>;
  /** Verified login: deliver `text` (it carries the confirmation token) to `address`. */
  send(address: string, text: string, provider: string): Promise<void>;
  /** At login and at every refresh: the claims to sign (change the user: attrs, role, email, ip). */
  updateClaims(claims: Claims): Promise<Claims>;
  /** On every protected request: false refuses it (401). */
  validate(token: string, claims: Claims): Promise<boolean>;
  /** On every request of an update-user route: the user the upstream sees. */
  updateUser(user: User): Promise<User>;
  /** Basic auth: the user to run the request as, or null to refuse. Replaces AUTH_ADMIN_PASSWD. */
  checkBasicAuth(user: string, password: string): Promise<User | null>;
  /** Custom OAuth2 providers: the provider's user-info answer (raw bytes) to a user. */
  mapUser(provider: string, userInfo: Buffer): Promise<User>;
  /** The signing secret of an audience (at least 32 characters). */
  readSecret(audience: string): Promise<string>;
}

export interface ServeOptions {
  /** Default 127.0.0.1: the hooks server trusts its caller, keep it on a private address. */
  host?: string;
  /** 0 picks a free port (read it from the result). */
  port: number;
  log?: Logger;
  /**
   * Gatehouse's internal keys folder (its INTERNAL_KEYS_DIR, or a copy of its `*.pub.json` files): every
   * call must then carry the auth service's or the gateway's caller token. Required beyond loopback.
   */
  internalKeysDir?: string;
}

/** Each hook is called by the process that runs it: the auth service at login, the gateway per request. */
export const HOOKS_ACCESS: AccessRules = {
  'hooks.v1.AuthHooks': Object.fromEntries(
    [
      'CheckCredentials',
      'Send',
      'UpdateClaims',
      'Validate',
      'UpdateUser',
      'CheckBasicAuth',
      'MapUser',
      'ReadSecret',
    ].map((m) => [m, ['auth', 'gateway']]),
  ),
};

export interface RunningHooks {
  port: number;
  /** Stops accepting calls and lets running ones finish. */
  close(graceMs?: number): Promise<void>;
}

function parseJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new AppError('invalid_argument', 'BAD_JSON', `${what} is not JSON`);
  }
}

function unimplemented(name: string): grpc.handleUnaryCall<unknown, unknown> {
  return (_call, callback) =>
    callback({
      code: grpc.status.UNIMPLEMENTED,
      details: `hook ${name} is not implemented by this application`,
    } as grpc.ServiceError);
}

/** The AuthHooks service implementation for `fns`: JSON in and out, unset hooks UNIMPLEMENTED. */
export function hooksImplementation(fns: Partial<HookFunctions>, log: Logger): hooks.AuthHooksHandlers {
  const wrap = <K extends keyof HookFunctions, Req, Res>(
    name: K,
    grpcName: string,
    fn: (hook: HookFunctions[K], req: Req) => Promise<Res>,
  ) => {
    const hook = fns[name];
    if (!hook) return unimplemented(grpcName) as grpc.handleUnaryCall<Req, Res>;
    return unaryHandler<Req, Res>(log, (req) => fn(hook.bind(fns) as HookFunctions[K], req));
  };
  return {
    CheckCredentials: wrap(
      'checkCredentials',
      'CheckCredentials',
      async (h, r: hooks.CheckCredentialsRequest__Output) => ({
        ok: (await h(r.user, r.password, r.provider)) === true,
      }),
    ),
    Send: wrap('send', 'Send', async (h, r: hooks.SendRequest__Output) => {
      await h(r.address, r.text, r.provider);
      return {};
    }),
    UpdateClaims: wrap('updateClaims', 'UpdateClaims', async (h, r: hooks.UpdateClaimsRequest__Output) => ({
      claimsJson: JSON.stringify(await h(parseJson<Claims>(r.claimsJson, 'claims_json'))),
    })),
    Validate: wrap('validate', 'Validate', async (h, r: hooks.ValidateRequest__Output) => ({
      ok: (await h(r.token, parseJson<Claims>(r.claimsJson, 'claims_json'))) === true,
    })),
    UpdateUser: wrap('updateUser', 'UpdateUser', async (h, r: hooks.UpdateUserRequest__Output) => ({
      userJson: JSON.stringify(await h(parseJson<User>(r.userJson, 'user_json'))),
    })),
    CheckBasicAuth: wrap('checkBasicAuth', 'CheckBasicAuth', async (h, r: hooks.CheckBasicAuthRequest__Output) => {
      const user = await h(r.user, r.password);
      return user ? { ok: true, userJson: JSON.stringify(user) } : { ok: false, userJson: '' };
    }),
    MapUser: wrap('mapUser', 'MapUser', async (h, r: hooks.MapUserRequest__Output) => ({
      userJson: JSON.stringify(await h(r.provider, Buffer.from(r.userInfo))),
    })),
    ReadSecret: wrap('readSecret', 'ReadSecret', async (h, r: hooks.ReadSecretRequest__Output) => ({
      secret: await h(r.audience),
    })),
  };
}

/**
 * Serves the application's hooks as the hooks.v1.AuthHooks gRPC server Gatehouse calls:
 *
 *     const hooks = await serveHooks({ validate: async (_t, c) => !c.user?.attrs?.blocked }, { port: 50060 });
 */
export async function serveHooks(fns: Partial<HookFunctions>, options: ServeOptions): Promise<RunningHooks> {
  const log = options.log ?? createLogger({ name: 'hooks', level: 'warn' });
  const { definition, grpcObject } = loadProto('hooks');
  const internalAuth = await openInternalAuth(options.internalKeysDir, 'hooks');
  const running: RunningGrpcServer = await startGrpcServer({
    name: 'hooks',
    access: internalAuth && { auth: internalAuth, audience: 'hooks', rules: HOOKS_ACCESS },
    host: options.host ?? '127.0.0.1',
    port: options.port,
    services: [{ definition: grpcObject.hooks.v1.AuthHooks.service, implementation: hooksImplementation(fns, log) }],
    definitions: [definition],
    log,
  });
  return { port: running.port, close: (graceMs) => running.shutdown(graceMs ?? 1000) };
}
