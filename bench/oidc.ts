// `pnpm bench oidc`: the OpenID provider (docs/openid-provider.md) as relying parties load it. Refresh-token
// grants at the token endpoint (a confidential client, each refresh rotating the token it got) and the
// authorization code flow's full round (authorize with an existing Gatehouse session, token, userinfo),
// each as CPU of the whole stack (gateway, auth, avatar, Postgres) per operation and per CPU-second, beside
// the floor measured in the same run: one bare HTTP request and gRPC call between bare processes, and one
// ES256 signature (the ID token each grant signs), and a refresh grant through oidc-provider alone (in
// this process, its in-memory adapter: ./oidc-library.ts), the part of a grant no wrapper can remove.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import { createTestDatabase } from '@gatehouse/test-kit/databases';
import { startStack } from '@gatehouse/test-kit/stack';
import { generateKeyPair, SignJWT } from 'jose';
import { Client } from 'pg';
import { hashSecret } from '../services/auth/src/oidc/clients';
import { cpuMs, postgresBackendsCpu } from './harness';
import { oidcLibraryRefreshUs } from './oidc-library';
import { type OidcBenchResult, type OidcPhase, oidcTable } from './oidc-report';
import { type Answer, closeClient, devLogin, inParallel, request } from './session-client';
import { startTransportFloor } from './transport-floor';

export { OIDC_TARGETS } from './oidc-report';

const REDIRECT = 'https://rp.example/callback';

/** µs of CPU per ES256 signature of an ID token's size. */
async function signatureUs(iterations = 2000): Promise<number> {
  const { privateKey } = await generateKeyPair('ES256');
  const claims = { iss: 'http://127.0.0.1:8080', aud: 'client', sub: `dev_${'a'.repeat(40)}`, nonce: 'n'.repeat(43) };
  const sign = () => new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'k' }).setIssuedAt().sign(privateKey);
  for (let i = 0; i < 300; i++) await sign();
  const before = process.cpuUsage();
  for (let i = 0; i < iterations; i++) await sign();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / iterations;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const cookiesOf = (a: Answer) => (a.headers['set-cookie'] ?? []).map((c) => c.slice(0, c.indexOf(';')));

export async function runOidcBench(
  options: { rounds?: number; chains?: number; steps?: number; log?: (l: string) => void } = {},
) {
  const rounds = options.rounds ?? 3;
  const chains = options.chains ?? 8;
  const steps = options.steps ?? 150;
  const log = options.log ?? console.log;
  const db = await createTestDatabase('bench_oidc');
  // BENCH_CPU_PROF=<dir>: the gateway and auth write V8 CPU profiles there when they stop.
  const profile = process.env.BENCH_CPU_PROF;
  const profiled = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : undefined;
  const stack = await startStack({
    services: ['avatar', 'auth', 'gateway'],
    authDatabaseUrl: db.url,
    metrics: true,
    nodeArgs: profiled && { gateway: profiled, auth: profiled },
    env: { LOG_LEVEL: 'info', AUTH_OIDC_PROVIDER: 'true', AUTH_TOTP_KEY: randomBytes(32).toString('hex') },
  });
  // The floor's bare processes answer a JSON body (bench/bare-hop.ts): a token request's size.
  const transport = await startTransportFloor(
    JSON.stringify({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(43) }),
  );
  const dbName = new URL(db.url).pathname.slice(1);
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  try {
    const clientId = 'bench-rp';
    const secret = randomBytes(32).toString('base64url');
    await pg.query('INSERT INTO auth.oidc_clients (client_id, metadata, secret_hash) VALUES ($1, $2, $3)', [
      clientId,
      JSON.stringify({
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        first_party: true,
      }),
      hashSecret(secret),
    ]);
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const tokenCall = (fields: Record<string, string>) =>
      request(
        'POST',
        `${stack.url}/oidc/token`,
        { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        form(fields),
      );

    // One browser per chain: a Gatehouse session, and the provider's cookies once its first flow ran.
    const browsers = await inParallel(
      Array.from({ length: chains }, (_, i) => `oidc_bench_${i}`),
      chains,
      async (user) => {
        const session = await devLogin(stack.url, user);
        return { cookies: [`JWT=${session.jwt}`, `XSRF-TOKEN=${session.xsrf}`] };
      },
    );
    if (browsers.failures > 0) throw new Error(`logins failed: ${browsers.firstError}`);

    /** authorize (with the session: no page), the code's exchange, userinfo; answers the tokens. */
    const codeFlow = async (browser: { cookies: string[] }, scope: string, extra: Record<string, string> = {}) => {
      const verifier = randomBytes(32).toString('base64url');
      const query = new URLSearchParams({
        client_id: clientId,
        response_type: 'code',
        redirect_uri: REDIRECT,
        scope,
        state: randomBytes(8).toString('hex'),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        ...extra,
      });
      let url = `${stack.url}/oidc/auth?${query}`;
      for (let hops = 0; hops < 8 && url.startsWith(stack.url); hops++) {
        const res = await request('GET', url, { cookie: browser.cookies.join('; ') });
        for (const c of cookiesOf(res)) {
          const name = c.slice(0, c.indexOf('='));
          browser.cookies = [...browser.cookies.filter((k) => !k.startsWith(`${name}=`)), c];
        }
        if (res.status !== 302 && res.status !== 303)
          throw new Error(`${new URL(url).pathname} answered ${res.status}`);
        url = new URL(res.headers.location as string, url).href;
      }
      const code = new URL(url).searchParams.get('code');
      if (!code) throw new Error(`no code: ${url}`);
      const tokens = await tokenCall({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      if (tokens.status !== 200) throw new Error(`code exchange answered ${tokens.status}: ${tokens.body}`);
      const parsed = JSON.parse(tokens.body) as { access_token: string; refresh_token?: string };
      const me = await request('GET', `${stack.url}/oidc/me`, { authorization: `Bearer ${parsed.access_token}` });
      if (me.status !== 200) throw new Error(`userinfo answered ${me.status}`);
      return parsed;
    };

    const snapshot = () => ({
      gateway: cpuMs(stack.pid('gateway')) ?? 0,
      auth: cpuMs(stack.pid('auth')) ?? 0,
      procs: (['gateway', 'auth', 'avatar'] as const).reduce((n, p) => n + (cpuMs(stack.pid(p)) ?? 0), 0),
      postgres: postgresBackendsCpu(dbName),
    });
    const phase = async (name: string, work: () => Promise<{ ops: number; failures: number; firstError?: string }>) => {
      const before = snapshot();
      const started = performance.now();
      const done = await work();
      const seconds = (performance.now() - started) / 1000;
      const after = snapshot();
      let postgres = 0;
      for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
      const ops = Math.max(1, done.ops);
      const run: OidcPhase = {
        ...done,
        perSecond: done.ops / seconds,
        cpuMsPerOp: (after.procs - before.procs + postgres) / ops,
      };
      const failed = done.failures > 0 ? `, ${done.failures} FAILED (${done.firstError})` : '';
      const per = (ms: number) => (ms / ops).toFixed(2);
      const each = `gateway ${per(after.gateway - before.gateway)}, auth ${per(after.auth - before.auth)}, postgres ${per(postgres)}`;
      log(
        `${name.padEnd(24)} ${run.perSecond.toFixed(0)}/s; ${run.cpuMsPerOp.toFixed(2)} ms of CPU (${each}) = ${(1000 / run.cpuMsPerOp).toFixed(0)}/CPU-s${failed}`,
      );
      return run;
    };

    log(
      `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    // The refresh chains: each starts from a code flow with offline_access, then rotates its token.
    const refreshTokens: string[] = [];
    for (const browser of browsers.results) {
      const t = await codeFlow(browser as { cookies: string[] }, 'openid offline_access', { prompt: 'consent' });
      if (!t.refresh_token) throw new Error('no refresh token: offline_access was not granted');
      refreshTokens.push(t.refresh_token);
    }
    const refreshRound = async () => {
      let ops = 0;
      let failures = 0;
      let firstError: string | undefined;
      await Promise.all(
        refreshTokens.map(async (_, i) => {
          for (let s = 0; s < steps; s++) {
            const res = await tokenCall({ grant_type: 'refresh_token', refresh_token: refreshTokens[i] as string });
            if (res.status !== 200) {
              failures++;
              firstError ??= `${res.status} ${res.body.slice(0, 120)}`;
              return;
            }
            refreshTokens[i] = (JSON.parse(res.body) as { refresh_token: string }).refresh_token;
            ops++;
          }
        }),
      );
      return { ops, failures, firstError };
    };
    const flowRound = async () => {
      const done = await inParallel(
        Array.from(
          { length: chains * Math.ceil(steps / 3) },
          (_, i) => browsers.results[i % chains] as { cookies: string[] },
        ),
        chains,
        (browser) => codeFlow(browser, 'openid profile'),
      );
      return { ops: done.results.length - done.failures, failures: done.failures, firstError: done.firstError };
    };
    // BENCH_OIDC_PHASES=refresh (or code): only that phase's rounds, e.g. for a profile of it alone.
    const only = process.env.BENCH_OIDC_PHASES;
    const runs = (which: 'refresh' | 'code') => !only || only === which;
    if (runs('refresh')) await phase('0: refresh (warm-up)', refreshRound);
    if (runs('code')) await phase('0: code flow (warm-up)', flowRound);
    const result: OidcBenchResult = {
      refresh: [],
      codeFlow: [],
      hopUs: [],
      signUs: await signatureUs(),
      libraryUs: [],
    };
    for (let r = 1; r <= rounds; r++) {
      if (runs('refresh')) result.refresh.push(await phase(`${r}: refresh grant`, refreshRound));
      if (runs('code')) result.codeFlow.push(await phase(`${r}: code flow round`, flowRound));
      const hop = await transport.run(chains, 3);
      result.hopUs.push(hop.cpuUsPerLoad);
      const floorMs = (hop.cpuUsPerLoad + result.signUs) / 1000;
      log(
        `${r}: floor                  hop ${(hop.cpuUsPerLoad / 1000).toFixed(3)} + ES256 sign ${(result.signUs / 1000).toFixed(3)} = ${floorMs.toFixed(3)} ms = ${((1 / floorMs) * 1000).toFixed(0)}/CPU-s`,
      );
      if (runs('refresh')) {
        result.libraryUs.push(await oidcLibraryRefreshUs());
        log(
          `${r}: oidc-provider alone    a refresh grant in this process, in memory: ${((result.libraryUs.at(-1) ?? 0) / 1000).toFixed(3)} ms`,
        );
      }
    }
    for (const line of oidcTable(result)) log(line);
    return result;
  } finally {
    await pg.end();
    closeClient();
    transport.stop();
    await stack.stop();
    await db.drop().catch(() => {});
  }
}
