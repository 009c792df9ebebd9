// Where the admin listener may listen (issue 43, L6; docs/accounts.md "Administration"): a gateway given
// an ADMIN_ADDR beyond loopback does not start, nor with ADMIN_ALLOW_REMOTE=true but no certificate;
// with one (a private CA made by openssl) it serves the admin API over HTTPS only, and `pnpm admin`
// reaches it with ADMIN_URL and ADMIN_CA_FILE. `pnpm admin` never sends its token over plain http to
// an address that is not loopback.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { makeTestCa, type TestCa } from '@gatehouse/test-kit/servers/tls';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { describeCertificate, selfSignedAdminTls } from '../src/admin-tls';

let dir: string;
let ca: TestCa;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-admin-listener-'));
  ca = makeTestCa(dir, 'admin');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a script of the checkout (its own main) with only `env`, and what it said. */
function run(script: string, args: string[], env: Record<string, string>) {
  const done = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: done.status, stdout: done.stdout, stderr: done.stderr };
}

describe('the gateway at start', () => {
  const gateway = (env: Record<string, string>) =>
    run('gateway/src/main.ts', [], { AUTH_SECRET: 'x'.repeat(32), GATEWAY_PORT: '0', LOG_LEVEL: 'warn', ...env });

  it('refuses an ADMIN_ADDR beyond loopback with one line naming it', () => {
    const refused = gateway({ ADMIN_ADDR: '0.0.0.0:18081' });
    expect(refused.status).toBe(1);
    const lines = refused.stderr.split('\n').filter((l) => l.includes('ADMIN_ADDR'));
    expect(lines).toEqual([expect.stringContaining('ADMIN_ADDR: 0.0.0.0:18081 is not loopback')]);
  });

  it('refuses ADMIN_ALLOW_REMOTE=true without a certificate', () => {
    const refused = gateway({ ADMIN_ADDR: '0.0.0.0:18081', ADMIN_ALLOW_REMOTE: 'true' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /ADMIN_ALLOW_REMOTE: .*serves HTTPS only: set ADMIN_TLS_CERT_FILE and ADMIN_TLS_KEY_FILE, or ADMIN_TLS_SELF_SIGNED=true/,
    );
  });
});

describe('pnpm admin', () => {
  it('refuses to send its token over plain http to an address that is not loopback', () => {
    const settings: Record<string, string>[] = [
      { ADMIN_ADDR: '192.0.2.10:8081' },
      { ADMIN_ADDR: '0.0.0.0:8081' },
      { ADMIN_URL: 'http://admin.example.com:8081' },
    ];
    for (const env of settings) {
      const refused = run('scripts/admin.ts', ['users', 'list'], env);
      expect([refused.status, refused.stderr.trim()]).toEqual([
        1,
        expect.stringMatching(/^refusing to send the operator token over plain http to \S+, which is not loopback/),
      ]);
    }
  });
});

describe('an admin listener beyond loopback, over TLS', () => {
  let stack: Stack;
  let db: TestDatabase;
  let operatorEnv: Record<string, string>;

  beforeAll(async () => {
    db = await createTestDatabase('gh_gw_admin_tls');
    stack = await startStack({
      services: ['auth', 'gateway'],
      authDatabaseUrl: db.url,
      env: (ports) => ({
        ADMIN_ADDR: `0.0.0.0:${ports.admin}`,
        ADMIN_ALLOW_REMOTE: 'true',
        ADMIN_TLS_CERT_FILE: ca.certFile,
        ADMIN_TLS_KEY_FILE: ca.keyFile,
      }),
    });
    operatorEnv = { INTERNAL_KEYS_DIR: path.join(stack.dataDir, 'internal-keys') };
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  const url = () => `https://127.0.0.1:${stack.ports.admin}`;

  it('answers an operator over HTTPS, and plain HTTP not at all', async () => {
    const token = run('scripts/internal-token.ts', ['admin', 'operator'], operatorEnv).stdout.trim();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = https.get(
        `${url()}/admin/v1/users`,
        { ca: readFileSync(ca.caFile), headers: { authorization: `Bearer ${token}` } },
        (res) => {
          let body = '';
          res.on('data', (c) => {
            body += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
    });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, { users: [], next: null }]);
    // The same port spoken to in plain HTTP gets no answer of the API.
    const plain = await new Promise<number | string>((resolve) => {
      http
        .get(`http://127.0.0.1:${stack.ports.admin}/admin/v1/users`, (res) => resolve(res.statusCode ?? 0))
        .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(plain).not.toBe(200);
  });

  it('is reached by pnpm admin with ADMIN_URL and the private CA, and refused without the CA', () => {
    const listed = run('scripts/admin.ts', ['users', 'list'], {
      ...operatorEnv,
      ADMIN_URL: url(),
      ADMIN_CA_FILE: ca.caFile,
    });
    expect([listed.status, listed.stderr]).toEqual([0, '']);
    const untrusted = run('scripts/admin.ts', ['users', 'list'], { ...operatorEnv, ADMIN_URL: url() });
    expect([untrusted.status, untrusted.stderr]).toEqual([1, expect.stringMatching(/certificate/i)]);
  });
});

describe('an admin listener beyond loopback with a certificate of its own (ADMIN_TLS_SELF_SIGNED)', () => {
  let stack: Stack;
  let db: TestDatabase;
  let tlsDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('gh_gw_admin_self_signed');
    tlsDir = path.join(dir, 'self-signed');
    stack = await startStack({
      services: ['auth', 'gateway'],
      authDatabaseUrl: db.url,
      env: (ports) => ({
        ADMIN_ADDR: `0.0.0.0:${ports.admin}`,
        ADMIN_ALLOW_REMOTE: 'true',
        ADMIN_TLS_SELF_SIGNED: 'true',
        ADMIN_TLS_SELF_SIGNED_DIR: tlsDir,
      }),
    });
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  it('serves the console over HTTPS with the certificate it keeps, which pnpm admin trusts as its CA', async () => {
    const certFile = path.join(tlsDir, 'admin-listener.crt');
    const page = await new Promise<{ status: number; type: string }>((resolve, reject) => {
      https
        .get(`https://localhost:${stack.ports.admin}/`, { ca: readFileSync(certFile) }, (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) });
        })
        .on('error', reject);
    });
    expect(page).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
    const operatorEnv = { INTERNAL_KEYS_DIR: path.join(stack.dataDir, 'internal-keys') };
    const listed = run('scripts/admin.ts', ['users', 'list'], {
      ...operatorEnv,
      ADMIN_URL: `https://127.0.0.1:${stack.ports.admin}`,
      ADMIN_CA_FILE: certFile,
    });
    expect([listed.status, listed.stderr]).toEqual([0, '']);
    // The key is the gateway's alone.
    expect(statSync(path.join(tlsDir, 'admin-listener.key')).mode & 0o077).toBe(0);
  });

  it('keeps the same certificate across restarts, and logs its fingerprint and pin', async () => {
    const before = readFileSync(path.join(tlsDir, 'admin-listener.crt'));
    const lines: unknown[] = [];
    const log = { info: (fields: unknown) => lines.push(fields) } as unknown as Logger;
    const again = await selfSignedAdminTls(tlsDir, log);
    expect(again.cert.equals(before)).toBe(true);
    const { fingerprint } = describeCertificate(before);
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(lines).toEqual([
      expect.objectContaining({ fingerprint, pin: expect.stringMatching(/^sha256\/\/[A-Za-z0-9+/]{43}=$/) }),
    ]);
    // Without a directory: a new one each time, in memory only.
    const fresh = await selfSignedAdminTls(undefined, log);
    expect(fresh.cert.equals(before)).toBe(false);
  });
});
