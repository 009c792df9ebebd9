// Fuzzing the routes that came after the first fuzz suite (fuzz.test.ts): password accounts, passkeys,
// TOTP, sessions and identities, organisations, connected applications, the device page, statements
// and limits, the OpenID provider (on), and the admin listener's API with the operator's token, a
// forged one, or none. Bodies carry the routes' own field names with hostile values, so they reach the
// checks behind the parser. It passes when no answer is a 5xx, no connection is dropped without an
// answer, and every process still answers. The seed is printed; FUZZ_SEED=<seed> replays the inputs.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Gen, prng } from '@gatehouse/test-kit/fuzz/hostile';
import {
  type AccountCredentials,
  type AccountsRequest,
  hostileAccountsRequest,
} from '@gatehouse/test-kit/fuzz/hostile-accounts';
import { sendHostile } from '@gatehouse/test-kit/fuzz/send';
import { waitForGrpcHealth } from '@gatehouse/test-kit/stack';
import { type DirectoryStack, loggedIn, startDirectoryStack } from './directory-stack';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const CONCURRENCY = 16;
const SEED = Number(process.env.FUZZ_SEED || Date.now() % 2 ** 31);

let dir: DirectoryStack;
let files: string;

beforeAll(async () => {
  console.log(`fuzz seed ${SEED} (replay: FUZZ_SEED=${SEED} pnpm test gateway/test/fuzz-accounts)`);
  files = mkdtempSync(path.join(os.tmpdir(), 'gh-fuzz-accounts-'));
  const config = path.join(files, 'auth.json');
  // No sender: with the dev provider on, the accounts' messages go to the log (docs/password-accounts.md).
  writeFileSync(config, JSON.stringify({ password: { site: 'Gatehouse fuzz' } }));
  dir = await startDirectoryStack({
    AUTH_CONFIG: config,
    AUTH_OIDC_PROVIDER: 'true',
    AUTH_ORG_CREATE: 'anyone',
    AUTH_TOTP_KEY: randomBytes(32).toString('hex'),
    AUTH_ADMIN_PASSWD: 'admin-password-for-fuzzing',
  });
}, 90_000);

afterAll(async () => {
  await dir?.stop();
  rmSync(files, { recursive: true, force: true });
});

async function credentials(): Promise<AccountCredentials> {
  const fuzzer = await loggedIn(dir.stack.url, 'fuzzer');
  const victim = await loggedIn(dir.stack.url, 'fuzz-victim');
  const card = await fuzzer.send('POST', '/cards/', { name: 'fuzz' });
  const org = await fuzzer.send('POST', '/auth/orgs', { name: 'Fuzz', slug: `fuzz-${SEED}` });
  const operatorToken = dir.workloadToken('admin');
  const client = await fetch(`${dir.adminUrl}/admin/v1/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Fuzzed',
      redirect_uris: ['https://rp.example.com/cb'],
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    }),
  });
  const made = (await client.json()) as { client_id: string; client_secret: string };
  expect([card.status, org.status, client.status]).toEqual([201, 201, 201]);
  return {
    cookie: await fuzzer.jar.getCookieString(dir.stack.url),
    xsrf: await fuzzer.xsrf(),
    token: (await fuzzer.cookie('JWT')) ?? '',
    cardId: (card.json() as { id: number }).id,
    orgId: (org.json() as { id: string }).id,
    otherUserId: await victim.userId(),
    clientId: made.client_id,
    clientSecret: made.client_secret,
    operatorToken,
  };
}

/** What to replay a failure by: the body's start and the headers that choose a path through the code. */
function describe(req: AccountsRequest): string {
  const h = req.headers;
  const picked = ['content-type', 'content-encoding', 'authorization', 'cookie', 'x-jwt']
    .filter((n) => h[n] !== undefined)
    .map((n) => `${n}: ${String(h[n]).slice(0, 60)}`);
  return JSON.stringify({ headers: picked, body: req.body?.toString('latin1').slice(0, 300) });
}

it('answers every hostile request to the account, provider and admin routes without a 5xx, and every process survives', async () => {
  const creds = await credentials();
  const gen = new Gen(prng(SEED));
  const requests = Array.from({ length: REQUESTS }, () => hostileAccountsRequest(gen, creds));
  const agents = {
    public: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
    admin: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
  };
  const failures: string[] = [];
  const statuses = new Map<string, number>();
  let unsendable = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const req = requests[next++] as AccountsRequest;
        const port = req.listener === 'admin' ? dir.stack.ports.admin : dir.stack.ports.gateway;
        const outcome = await sendHostile(agents[req.listener], port, req);
        const what = `${req.listener} ${req.method} ${req.path.slice(0, 120)}`;
        if ('unsendable' in outcome) unsendable++;
        else if ('dropped' in outcome) failures.push(`dropped ${what}: ${outcome.dropped}`);
        else {
          const key = `${req.listener} ${outcome.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (outcome.status >= 500) failures.push(`${outcome.status} ${what} ${describe(req)}`);
        }
      }
    }),
  );
  agents.public.destroy();
  agents.admin.destroy();
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `fuzz seed ${SEED}: ${REQUESTS} requests (${unsendable} refused by the client library) in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  expect(REQUESTS - unsendable).toBeGreaterThanOrEqual(REQUESTS * 0.95);
  // Requests got past the front door: some of each listener were answered 2xx.
  expect([...statuses.keys()].some((k) => /^public 2/.test(k))).toBe(true);
  expect([...statuses.keys()].some((k) => /^admin 2/.test(k))).toBe(true);
  if (failures.length > 0) {
    const logged = ['gateway', 'auth', 'payment'] as const;
    const errors = logged.flatMap((n) =>
      dir.stack
        .output(n)
        .split('\n')
        .filter((l) => /"level":50|Error/.test(l))
        .slice(-5)
        .map((l) => `${n}: ${l.slice(0, 600)}`),
    );
    console.log(`errors logged:\n${errors.join('\n')}`);
  }
  expect(failures.slice(0, 20)).toEqual([]);

  // Everyone still answers, and a fresh session still works.
  for (const port of [dir.stack.ports.auth, dir.stack.ports.avatar, dir.stack.ports.payment]) {
    await waitForGrpcHealth(`127.0.0.1:${port}`, 5_000);
  }
  const fresh = await loggedIn(dir.stack.url, 'fuzz-after');
  expect((await fresh.send('GET', '/auth/user')).status).toBe(200);
  expect((await fresh.send('GET', '/cards/')).status).toBe(200);
  const discovery = await fetch(`${dir.stack.url}/.well-known/openid-configuration`);
  expect(discovery.status).toBe(200);
}, 300_000);
