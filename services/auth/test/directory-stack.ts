// An auth service with the dev provider and a fresh Postgres database, started in this process, and
// gRPC clients of it: the user directory's tests drive real logins through it.
import { createHash } from 'node:crypto';
import { createLogger } from '@gatehouse/logger';
import { type auth, loadProto } from '@gatehouse/proto';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { freePort } from '@gatehouse/test-kit/stack';
import { configSecretReader, TokenService } from '@gatehouse/token';
import * as grpc from '@grpc/grpc-js';
import { loadAuthConfig } from '../src/config';
import { type RunningAuthService, startAuthService } from '../src/service';

export const SECRET = 'd'.repeat(40);

/** A unary call of a generated client, as a promise. */
export function call<Res>(fn: (cb: (err: grpc.ServiceError | null, res?: Res) => void) => void): Promise<Res> {
  return new Promise((resolve, reject) => fn((err, res) => (err ? reject(err) : resolve(res as Res))));
}

/** A refused call's status name and message, e.g. "PERMISSION_DENIED: user blocked". */
export async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'accepted';
  } catch (err) {
    const e = err as grpc.ServiceError;
    return `${grpc.status[e.code]}: ${e.details}`;
  }
}

export interface DirectoryStack {
  auth: RunningAuthService;
  db: TestDatabase;
  authClient: InstanceType<ReturnType<typeof loadProto<'auth'>>['grpcObject']['auth']['v1']['AuthService']>;
  identities: InstanceType<ReturnType<typeof loadProto<'identities'>>['grpcObject']['auth']['v1']['IdentityService']>;
  admin: InstanceType<ReturnType<typeof loadProto<'admin'>>['grpcObject']['auth']['v1']['AdminService']>;
  /** Signs tokens as the service does (same secret and issuer), on a clock of the test's choosing. */
  tokens(now?: () => number): TokenService;
  /** What the service logged (info and above), one object a line. */
  logLines: Record<string, unknown>[];
  /** AUTH_URL's callback of a provider, where a provider's authorization ends. */
  callbackUrl(provider: string): string;
  /** A full login through `provider`; `authorize` plays the browser at the provider, up to its redirect back. */
  login(
    provider: string,
    authorize: (redirectUrl: string) => Promise<URL>,
    linkToken?: string,
    finishWith?: string,
  ): Promise<DevLoginResult>;
  /** A full dev login as `name`, or a link of `name` to the session `linkToken`. */
  devLogin(name: string, linkToken?: string, finishWith?: string): Promise<DevLoginResult>;
  stop(): Promise<void>;
}

export interface DevLoginResult {
  token: string;
  jti: string;
  user: { id: string; name: string };
  linked: { id: string; provider: string; name: string } | null;
}

export async function startDirectoryStack(extraEnv: Record<string, string> = {}): Promise<DirectoryStack> {
  const db = await createTestDatabase('gh_auth_dirstack');
  const grpcPort = await freePort();
  const config = loadAuthConfig({
    AUTH_SECRET: SECRET,
    AUTH_DEV_PROVIDER: 'true',
    AUTH_DEV_PORT: String(await freePort()),
    AUTH_GRPC_PORT: String(grpcPort),
    METRICS_PORT: '0',
    DATABASE_URL: db.url,
    DATABASE_TRANSACTION_POOLING: String(db.transactionPooling),
    ...extraEnv,
  });
  // The service's log lines at info and above, parsed: the audit lines are among them.
  const logLines: Record<string, unknown>[] = [];
  const log = createLogger({
    name: 'auth-test',
    level: 'info',
    destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
  });
  // The avatar service is another process; its answer (an identicon's id) is all a login needs of it.
  const avatars = { saveFromUrl: async (id: string) => `${createHash('sha1').update(id).digest('hex')}.image` };
  const auth = await startAuthService(config, { log, avatars });
  const address = `127.0.0.1:${auth.port}`;
  const creds = grpc.credentials.createInsecure();
  const authClient = new (loadProto('auth').grpcObject.auth.v1.AuthService)(address, creds);
  const identities = new (loadProto('identities').grpcObject.auth.v1.IdentityService)(address, creds);
  const admin = new (loadProto('admin').grpcObject.auth.v1.AdminService)(address, creds);

  const login = async (
    provider: string,
    authorize: (redirectUrl: string) => Promise<URL>,
    linkToken = '',
    finishWith = linkToken,
  ): Promise<DevLoginResult> => {
    const begun = await call<auth.BeginLoginResponse__Output>((cb) =>
      authClient.beginLogin({ provider, noAvatar: true, linkSessionToken: linkToken }, cb),
    );
    const back = await authorize(begun.redirectUrl);
    const params = [...back.searchParams].map(([n, value]) => ({ name: n, value }));
    const done = await call<auth.CompleteLoginResponse__Output>((cb) =>
      authClient.completeLogin(
        { provider, handshakeToken: begun.handshake?.token ?? '', params, linkSessionToken: finishWith },
        cb,
      ),
    );
    return {
      token: done.session?.token ?? '',
      jti: done.session?.jti ?? '',
      user: done.userJson ? JSON.parse(done.userJson) : { id: '', name: '' },
      linked: done.linked,
    };
  };

  // The dev provider's form, answered as `name`: its redirect back carries the code and state.
  const devAuthorize = (name: string) => async (redirectUrl: string) => {
    const res = await fetch(redirectUrl, {
      method: 'POST',
      body: new URLSearchParams({ username: name }),
      redirect: 'manual',
    });
    if (res.status !== 302) throw new Error(`dev authorize answered ${res.status}`);
    return new URL(res.headers.get('location') as string);
  };
  const devLogin = (name: string, linkToken = '', finishWith = linkToken) =>
    login('dev', devAuthorize(name), linkToken, finishWith);

  return {
    auth,
    db,
    logLines,
    callbackUrl: (provider: string) => `${config.token.url}/auth/${provider}/callback`,
    login,
    authClient,
    identities,
    admin,
    tokens: (now) =>
      new TokenService({
        issuer: config.token.issuer,
        tokenDurationMs: config.token.tokenDurationMs,
        cookieDurationMs: config.token.cookieDurationMs,
        audiences: config.token.audiences,
        secrets: configSecretReader(SECRET, {}),
        now,
      }),
    devLogin,
    async stop() {
      authClient.close();
      identities.close();
      admin.close();
      await auth.stop();
      await db.drop();
    },
  };
}
