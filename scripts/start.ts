// `pnpm start`: the whole stack as local processes on the ports of docs/configuration.md (Processes), with
// defaults that need nothing installed: an embedded Postgres under .data/ when DATABASE_URL is unset,
// generated secrets kept in .data/ (GATEHOUSE_DATA_DIR moves it), avatars under .data/avatars, the dev
// provider on, and the development payment processor on unless PROCESSOR_* credentials are set.
// Ctrl-C stops everything: the services first, the embedded Postgres last.
// scripts/start.js compiles this launcher and every process with esbuild when a source changed, and
// each process runs its compiled file on plain node (no TypeScript compiler held for its whole life);
// `pnpm start --dist` runs what `pnpm build` compiled into dist/ instead, the files the images run.
// A start that cannot go on says what failed and what to do in one line, and stops what it started.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { environment } from '../packages/config/src/environment';
import { secretsNamedIn, type Workload } from '../packages/config/src/secret-holders';
import { ensureWorkloadKeys } from '../packages/grpc-kit/src/internal-auth';
import { type EmbeddedPostgres, StartError, startEmbeddedPostgres } from './start/embedded-postgres';
import { environmentFor, undeclaredSettings } from './start/environments';
import { hasProcessorCredentials, keptSecret, keptSigningKeys, publicSigningKeys } from './start/kept-files';
import { portProblems, type WantedPort } from './start/ports';
import { waitForStack } from './start/readiness';

const ROOT = path.resolve(__dirname, '..');
const env = environment();
const DATA = path.resolve(env.GATEHOUSE_DATA_DIR || path.join(ROOT, '.data'));
const EMBEDDED_PG_PORT = Number(env.EMBEDDED_POSTGRES_PORT || 54329);

const PROCESSES: [Workload, string][] = [
  ['avatar', 'services/avatar/src/main.ts'],
  ['auth', 'services/auth/src/main.ts'],
  ['telegram-bot', 'services/telegram-bot/src/main.ts'],
  ['payment', 'services/payment/src/main.ts'],
  ['gateway', 'gateway/src/main.ts'],
];
const FROM_DIST = process.argv.includes('--dist');
/** Where scripts/start.js compiled this launcher and every process (scripts/start/compile.js). */
const COMPILED = path.join(ROOT, 'node_modules', '.cache', 'gatehouse-start');
/**
 * node's flags for a compiled process: stack traces name the TypeScript lines, and a young generation of
 * at most 2 MiB a half (V8 lets it grow to 16): an idle development process held 30 MiB more without.
 */
const DEVELOPMENT_FLAGS = ['--enable-source-maps', '--max-semi-space-size=2'];
const say = (line: string) => console.log(`[start       ] ${line}`);

/** node's arguments for one process: its source as scripts/start.js compiled it, or its `pnpm build` bundle. */
function processArgs(name: string): string[] {
  if (!FROM_DIST) {
    const compiled = path.join(COMPILED, name, 'main.js');
    if (!existsSync(compiled)) throw new StartError(`${compiled} is missing: start with pnpm start, which compiles it`);
    return [...DEVELOPMENT_FLAGS, compiled];
  }
  const bundle = path.join(ROOT, 'dist', name, 'main.js');
  if (!existsSync(bundle)) throw new StartError(`${bundle} is missing: run pnpm build first`);
  return [bundle];
}

/** Every port this start will listen on, with the setting that moves it. */
function wantedPorts(childEnv: Record<string, string | undefined>, embeddedPostgres: boolean): WantedPort[] {
  const num = (name: string, fallback: number) => Number(childEnv[name] || fallback);
  const grpcHost = childEnv.GRPC_HOST || '127.0.0.1';
  const wanted: WantedPort[] = [
    {
      port: num('GATEWAY_PORT', 8080),
      host: childEnv.GATEWAY_HOST || '127.0.0.1',
      who: 'the gateway',
      setting: 'GATEWAY_PORT',
    },
    { port: num('AUTH_GRPC_PORT', 50051), host: grpcHost, who: 'auth', setting: 'AUTH_GRPC_PORT' },
    { port: num('AVATAR_GRPC_PORT', 50052), host: grpcHost, who: 'avatar', setting: 'AVATAR_GRPC_PORT' },
    { port: num('TELEGRAM_GRPC_PORT', 50053), host: grpcHost, who: 'telegram-bot', setting: 'TELEGRAM_GRPC_PORT' },
    { port: num('PAYMENT_GRPC_PORT', 50054), host: grpcHost, who: 'payment', setting: 'PAYMENT_GRPC_PORT' },
  ];
  if (childEnv.AUTH_DEV_PROVIDER === 'true')
    wanted.push({
      port: num('AUTH_DEV_PORT', 8084),
      host: '127.0.0.1',
      who: 'the dev OAuth2 server',
      setting: 'AUTH_DEV_PORT',
    });
  if (childEnv.PAYMENT_DEV_PROCESSOR === 'true')
    wanted.push({
      port: num('PAYMENT_DEV_PROCESSOR_PORT', 8086),
      host: '127.0.0.1',
      who: 'the development processor',
      setting: 'PAYMENT_DEV_PROCESSOR_PORT',
    });
  if (!childEnv.METRICS_PORT)
    PROCESSES.forEach(([name], i) => {
      const port = [9462, 9461, 9463, 9464, 9460][i] ?? 0;
      wanted.push({
        port,
        host: childEnv.METRICS_HOST || '127.0.0.1',
        who: `${name}'s metrics`,
        setting: 'METRICS_PORT',
      });
    });
  // The gateway's admin listener (ADMIN_ADDR, host:port, or off).
  const admin = /^\[?([^\]]*?)\]?:(\d+)$/.exec(childEnv.ADMIN_ADDR || '127.0.0.1:8081');
  if (childEnv.ADMIN_ADDR !== 'off' && admin)
    wanted.push({
      port: Number(admin[2]),
      host: admin[1] ?? '127.0.0.1',
      who: "the gateway's admin API",
      setting: 'ADMIN_ADDR',
    });
  if (embeddedPostgres)
    wanted.push({
      port: EMBEDDED_PG_PORT,
      host: '127.0.0.1',
      who: 'the embedded Postgres',
      setting: 'EMBEDDED_POSTGRES_PORT',
    });
  return wanted.filter((w) => w.port !== 0);
}

/** Where an operator on this machine opens the admin console (ADMIN_ADDR), or undefined when it is off. */
function adminConsoleUrl(settings: Record<string, string | undefined>): string | undefined {
  const addr = settings.ADMIN_ADDR || '127.0.0.1:8081';
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(addr);
  if (addr === 'off' || !match) return undefined;
  const host = match[1] === '0.0.0.0' || match[1] === '::' ? '127.0.0.1' : (match[1] as string);
  const tls = Boolean(settings.ADMIN_TLS_CERT_FILE) || settings.ADMIN_TLS_SELF_SIGNED === 'true';
  return `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${match[2]}/`;
}

function prefixLines(name: string, stream: NodeJS.ReadableStream, out: NodeJS.WritableStream, quiet: () => boolean) {
  let rest = '';
  stream.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    if (quiet()) return;
    for (const line of lines) out.write(`[${name.padEnd(12)}] ${line}\n`);
  });
}

async function main(): Promise<void> {
  mkdirSync(DATA, { recursive: true });
  // Every internal gRPC call is authenticated: one key pair per caller, made once under .data/, one
  // folder per workload, each process given only its own (its private key and the public keys).
  const internalKeys = env.INTERNAL_KEYS_DIR ?? path.join(DATA, 'workload-keys');
  const signingKeysFile = await keptSigningKeys(DATA, env.AUTH_JWT_ALG, env.AUTH_SIGNING_KEYS_FILE);
  const gatewayKeysFile = (await publicSigningKeys(DATA, signingKeysFile)) ?? signingKeysFile;
  const childEnv: Record<string, string | undefined> = {
    ...env,
    AUTH_SECRET: env.AUTH_SECRET ?? (env.AUTH_SECRETS_FILE ? undefined : keptSecret(DATA, 'auth-secret')),
    AUTH_SIGNING_KEYS_FILE: signingKeysFile,
    // TOTP secrets are sealed with it (docs/accounts.md "Second factor (TOTP)"): kept like the signing secret.
    AUTH_TOTP_KEY: env.AUTH_TOTP_KEY ?? keptSecret(DATA, 'totp-key'),
    AUTH_DEV_PROVIDER: env.AUTH_DEV_PROVIDER ?? 'true',
    // Gatehouse as an OpenID provider, with a demo client (docs/openid-provider.md): on for development.
    AUTH_OIDC_PROVIDER: env.AUTH_OIDC_PROVIDER ?? 'true',
    AUTH_OIDC_DEMO_CLIENT: env.AUTH_OIDC_DEMO_CLIENT ?? 'true',
    // The payment counterpart of the dev provider, unless a real processor is configured (or it is set).
    PAYMENT_DEV_PROCESSOR: env.PAYMENT_DEV_PROCESSOR ?? ((await hasProcessorCredentials(env)) ? 'false' : 'true'),
    // POST /dev/notifications posts to the gateway this script starts, on whatever port it was given.
    PAYMENT_DEV_WEBHOOK_URL:
      env.PAYMENT_DEV_WEBHOOK_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? 8080}/payment/webhooks/braintree`,
    AUTH_AVATAR_STORE: env.AUTH_AVATAR_STORE ?? path.join(DATA, 'avatars'),
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

  const argsOf = new Map(PROCESSES.map(([name]) => [name, processArgs(name)]));
  // Nothing starts while a port it needs is taken: one line says which, by what, and what to do.
  const problems = await portProblems(
    wantedPorts(childEnv, !env.DATABASE_URL),
    (command) =>
      command.includes(COMPILED) ||
      PROCESSES.some(([, entry]) => command.includes(path.join(ROOT, entry))) ||
      command.includes(path.join(DATA, 'postgres')),
  );
  if (problems.length > 0) throw new StartError(problems.join('\n[start       ] '));

  let postgres: EmbeddedPostgres | undefined;
  // A DATABASE_URL given reaches every process as it is; the embedded one, auth and payment as their roles.
  let databaseUrls: Record<string, string> | undefined;
  if (env.DATABASE_URL) {
    // Its client is loaded for this only: with the embedded Postgres the launcher holds none.
    const { checkDatabase } = await import('./start/database-check');
    await checkDatabase(env.DATABASE_URL);
  } else {
    say(`DATABASE_URL is unset: starting an embedded Postgres on 127.0.0.1:${EMBEDDED_PG_PORT}`);
    postgres = await startEmbeddedPostgres({
      runner: path.join(COMPILED, 'postgres-runner.js'),
      databaseDir: path.join(DATA, 'postgres'),
      port: EMBEDDED_PG_PORT,
      password: keptSecret(DATA, 'postgres-password'),
      rolesKeptIn: DATA,
    });
    databaseUrls = postgres.workloadUrls;
  }
  if (!env.REDIS_URL) say('REDIS_URL is unset: services keep tokens in process memory (development only)');
  await ensureWorkloadKeys(internalKeys);

  // Each process gets the settings its workload declares, its own key folder and database role, and only
  // the secrets it is listed for (scripts/start/environments.ts); the gateway's signing keys are the
  // public half. A setting of ours that no process reads is named, once.
  const configSecrets = secretsNamedIn(env.AUTH_CONFIG ? readFileSync(env.AUTH_CONFIG, 'utf8') : '');
  for (const name of undeclaredSettings(env, configSecrets))
    say(`${name} is set, but no workload declares it: no process gets it (docs/configuration.md)`);
  const started = { internalKeys, databaseUrls, gatewayKeysFile, configSecrets };
  const envFor = (name: Workload) => environmentFor(name, childEnv, started);

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  // After one process failed, the others' complaints about it (connection refused, ...) are noise.
  let failed: string | undefined;
  /** Stops every process, then the embedded Postgres. `asked`: Ctrl-C or SIGTERM, not a failure. */
  const stopAll = async (asked: boolean) => {
    if (stopping) return;
    stopping = true;
    if (asked) say('shutting down: the services drain what they are doing, then Postgres stops');
    // Every process must exit 0 on its signal; one that does not (killed by a signal mid-drain, or by
    // the SIGKILL below) is named, and the stack's exit code says so. After a failure the processes
    // this stopped are not news: the failure was said already.
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
    if (asked && unclean.length > 0) say(`did not stop cleanly: ${unclean.join(', ')}`);
    await postgres?.stop();
    if (asked && unclean.length === 0)
      say(`stopped: ${children.size} processes exited cleanly${postgres ? ', then the embedded Postgres' : ''}`);
    process.exit(asked && unclean.length === 0 ? 0 : 1);
  };
  process.on('SIGINT', () => void stopAll(true));
  process.on('SIGTERM', () => void stopAll(true));

  for (const [name] of PROCESSES) {
    const child = spawn(process.execPath, argsOf.get(name) ?? [], {
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
      say(`${name} stopped (${signal ?? `exit ${code}`}): its last lines above say why; stopping the stack`);
      void stopAll(false);
    });
    children.set(name, child);
  }
  const url = env.AUTH_URL ?? `http://127.0.0.1:${env.GATEWAY_PORT ?? 8080}`;
  const grpc = {
    auth: env.AUTH_GRPC_ADDR ?? `127.0.0.1:${env.AUTH_GRPC_PORT ?? 50051}`,
    avatar: env.AVATAR_GRPC_ADDR ?? `127.0.0.1:${env.AVATAR_GRPC_PORT ?? 50052}`,
    'telegram-bot': env.TELEGRAM_GRPC_ADDR ?? `127.0.0.1:${env.TELEGRAM_GRPC_PORT ?? 50053}`,
    payment: env.PAYMENT_GRPC_ADDR ?? `127.0.0.1:${env.PAYMENT_GRPC_PORT ?? 50054}`,
  };
  const notServing = await waitForStack(url, grpc, children);
  if (notServing === undefined) return; // a process exited: said, and the stack is stopping
  if (notServing.length > 0) {
    failed = 'start';
    say(`not up after a minute: ${notServing.join(', ')} not serving (their lines above say why); stopping the stack`);
    return void stopAll(false);
  }
  say(`Gatehouse is up: open ${url} and log in with "dev". Ctrl-C stops everything.`);
  const consoleUrl = adminConsoleUrl(childEnv);
  if (consoleUrl) say(`Admin console: ${consoleUrl} (paste the operator token: pnpm -s internal-token admin)`);
  if (childEnv.AUTH_OIDC_PROVIDER === 'true' && childEnv.AUTH_OIDC_DEMO_CLIENT === 'true') {
    // The OpenID provider's demo client (docs/openid-provider.md "The demo client"): one command to try it.
    const issuerArg = url === 'http://127.0.0.1:8080' ? '' : ` --issuer ${url}`;
    say(`OpenID provider: issuer ${url}, demo client "gatehouse-demo" (public, PKCE, redirect to 127.0.0.1:8090)`);
    say(`  try it with openid-client, in another terminal: pnpm oidc-demo${issuerArg}`);
  }
}

main().catch((err: unknown) => {
  // One line, no stack: what failed and what to do (a StartError says both).
  const message = err instanceof Error ? err.message : String(err);
  say(err instanceof StartError ? message : `could not start: ${message}`);
  process.exit(1);
});
