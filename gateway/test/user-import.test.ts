// Users brought in with their hashes (docs/password-import.md) through the real stack: auth with its
// Postgres directory and a gateway's admin listener. A body streamed in odd pieces is read line by line
// (refusals with their line numbers and reasons, duplicates unchanged); `pnpm admin users import FILE`
// brings in 100,000 users with hashes of all five kinds and a re-run changes nothing; the rows, the
// events and a sample of 50 users per kind are checked against their old passwords with the verifier
// the password login uses (importedHashes). The login through the stack (first try, then stored as
// Argon2id) is the password flows' test, once they are merged.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { IMPORT_KINDS, importFile } from '@gatehouse/test-kit/imported-users';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { userId } from '@gatehouse/token';
import { Client } from 'pg';
import { importedHashes } from '../../services/auth/src/passwords/imported-hashes';
import { AnswerChecker, type Document } from './openapi-answers';

let stack: Stack;
let db: TestDatabase;
let pg: Client;
let keysDir: string;
let operator: string;
let checker: AnswerChecker;
let tmp: string;

beforeAll(async () => {
  db = await createTestDatabase('gh_gw_import');
  stack = await startStack({ services: ['auth', 'gateway'], authDatabaseUrl: db.url });
  keysDir = path.join(stack.dataDir, 'internal-keys');
  operator = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: keysDir },
  })
    .toString()
    .trim();
  pg = new Client({ connectionString: db.url });
  await pg.connect();
  // The auth service's tables are in its own schema.
  await pg.query('SET search_path TO auth, public');
  const doc = await fetch(`http://127.0.0.1:${stack.ports.admin}/admin/v1/openapi.json`);
  checker = new AnswerChecker((await doc.json()) as Document);
  tmp = mkdtempSync(path.join(os.tmpdir(), 'gatehouse-import-'));
}, 90_000);
afterAll(async () => {
  await pg?.end();
  await stack?.stop();
  await db?.drop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** POSTs `pieces` to the import endpoint as they come, a moment apart: a body that arrives in parts. */
function postStreamed(pieces: (string | Buffer)[], headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${stack.ports.admin}/admin/v1/users/import`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/x-ndjson', ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    (async () => {
      for (const piece of pieces) {
        req.write(piece);
        await new Promise((r) => setTimeout(r, 10));
      }
      req.end();
    })();
  });
}

function adminCli(args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: keysDir, ADMIN_ADDR: `127.0.0.1:${stack.ports.admin}` },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('POST /admin/v1/users/import', () => {
  it('reads a streamed body line by line: imported, unchanged and refused lines with their reasons', async () => {
    const file = await importFile(3, 'stream.test');
    const body = [
      file.lines[0],
      '',
      file.lines[1],
      '{"email": "not an address"}',
      'not json',
      JSON.stringify({ email: 'weak@stream.test', password_hash: '$md5$abc' }),
      JSON.stringify({ email: 'Nohash@Stream.test', name: 'No Hash' }),
      JSON.stringify({ email: 'nohash@stream.test' }), // the same address, another case: unchanged
      JSON.stringify({ email: 'extra@stream.test', password: 'plain' }),
      `${file.lines[2]}\r`,
      JSON.stringify({ email: 'x@stream.test', name: 'y'.repeat(20_000) }),
    ].join('\n');
    // Pieces of 97 bytes cut lines anywhere; the last line is cut inside the two bytes of an é.
    const bytes = Buffer.from(`${body}\n`);
    const pieces: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 97) pieces.push(bytes.subarray(i, i + 97));
    const last = Buffer.from('{"email":"zoe@stream.test","name":"Zoé Ünal"}');
    const cut = last.indexOf(Buffer.from('é')) + 1;
    pieces.push(last.subarray(0, cut), last.subarray(cut));
    const res = await postStreamed(pieces);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const answer = JSON.parse(res.text);
    const headers = new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
    const seen = { status: res.status, headers, text: res.text, body: res.text, json: () => answer, cookies: [] };
    expect(checker.problems('POST', '/admin/v1/users/import', seen as never)).toEqual([]);
    expect(answer).toEqual({
      imported: 5,
      unchanged: 1,
      refused: 5,
      refusals: [
        { line: 4, reason: 'email is missing or not an address' },
        { line: 5, reason: 'not a JSON object' },
        { line: 6, reason: expect.stringContaining('password_hash: unsupported hash format') },
        { line: 9, reason: expect.stringContaining('unknown field password') },
        { line: 11, reason: expect.stringContaining('longer than 16384 characters') },
      ],
      refusals_truncated: false,
    });
    const { rows } = await pg.query(
      "SELECT p.email, p.hash IS NOT NULL AS has_hash, p.source, u.name FROM passwords p JOIN users u ON u.id = p.user_id WHERE p.email LIKE '%tream.test' ORDER BY p.email",
    );
    expect(rows).toEqual([
      { email: 'Nohash@Stream.test', has_hash: false, source: 'import', name: 'No Hash' },
      { email: 'user0@stream.test', has_hash: true, source: 'import', name: 'User 0' },
      { email: 'user1@stream.test', has_hash: true, source: 'import', name: 'User 1' },
      { email: 'user2@stream.test', has_hash: true, source: 'import', name: 'User 2' },
      { email: 'zoe@stream.test', has_hash: false, source: 'import', name: 'Zoé Ünal' },
    ]);
    // Every line but the blank one is counted once.
    expect(answer.imported + answer.unchanged + answer.refused).toBe(11);
  });

  it('refuses other bodies and callers', async () => {
    expect((await postStreamed(['{}'], { 'content-type': 'application/json' })).status).toBe(415);
    expect((await postStreamed(['{}'], { 'content-encoding': 'gzip' })).status).toBe(415);
    const anonymous = await postStreamed(['{}'], { authorization: '' });
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text)).toEqual({ error: expect.any(String) });
    const { rows } = await pg.query("SELECT count(*)::int AS n FROM passwords WHERE email = ''");
    expect(rows[0].n).toBe(0);
  });
});

describe('pnpm admin users import FILE', () => {
  const COUNT = 100_000;
  const SAMPLE_PER_KIND = 50;

  it('brings in 100,000 users with hashes of all five kinds, each verifiable with its old password; a re-run changes nothing', async () => {
    const file = await importFile(COUNT, 'bulk.test');
    const where = path.join(tmp, 'users.jsonl');
    writeFileSync(where, `${file.lines.join('\n')}\n`);

    const started = Date.now();
    const first = adminCli(['users', 'import', where]);
    const seconds = (Date.now() - started) / 1000;
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      imported: COUNT,
      unchanged: 0,
      refused: 0,
      refusals: [],
      refusals_truncated: false,
    });
    console.log(
      `imported ${COUNT} users in ${seconds.toFixed(1)} s (${(COUNT / seconds).toFixed(0)}/s, CLI start included)`,
    );

    const counts = await pg.query(`SELECT
        (SELECT count(*)::int FROM passwords WHERE email LIKE '%@bulk.test' AND source = 'import') AS passwords,
        (SELECT count(*)::int FROM identities WHERE email LIKE '%@bulk.test' AND provider = 'password') AS identities,
        (SELECT count(*)::int FROM users WHERE email LIKE '%@bulk.test') AS users,
        (SELECT count(*)::int FROM users WHERE email LIKE '%@bulk.test' AND email_verified_by = 'password') AS verified,
        (SELECT count(*)::int FROM events.events e JOIN users u ON u.id = e.subject_user
          WHERE e.type = 'user.created' AND u.email LIKE '%@bulk.test'
            AND e.data = '{"provider": "password", "source": "import"}' AND e.actor_kind = 'admin') AS created,
        (SELECT count(*)::int FROM events.events WHERE type = 'admin.action' AND data->>'method' = 'import_users') AS acts`);
    expect(counts.rows[0]).toEqual({
      passwords: COUNT,
      identities: COUNT,
      users: COUNT,
      verified: COUNT / 5,
      created: COUNT,
      // Two from the streamed test's requests, five parts of 20,000 lines here.
      acts: expect.any(Number),
    });

    // 50 users of each kind, spread over the file: their stored hash takes their old password, not another.
    const verifier = importedHashes();
    for (const kind of IMPORT_KINDS) {
      const sample = Array.from({ length: SAMPLE_PER_KIND }, (_, j) => j * 1_995 + IMPORT_KINDS.indexOf(kind));
      const { rows } = await pg.query<{ id: string; hash: string }>(
        'SELECT identity_id AS id, hash FROM passwords WHERE identity_id = ANY($1)',
        [sample.map((i) => userId('password', file.emailOf(i)))],
      );
      expect(rows).toHaveLength(SAMPLE_PER_KIND);
      const hashOf = new Map(rows.map((r) => [r.id, r.hash]));
      for (const i of sample) {
        expect(file.kindOf(i)).toBe(kind);
        const stored = hashOf.get(userId('password', file.emailOf(i))) as string;
        expect(verifier.recognises(stored)).toBe(true);
        expect(await verifier.verify(stored, file.passwordOf(i))).toBe(true);
      }
      const one = sample[0] as number;
      const stored = hashOf.get(userId('password', file.emailOf(one))) as string;
      expect(await verifier.verify(stored, `${file.passwordOf(one)}!`)).toBe(false);
    }

    const trail = () =>
      pg.query(
        "SELECT count(*)::int AS n FROM events.events WHERE type = 'user.created' AND data->>'source' = 'import'",
      );
    const before = (await trail()).rows[0].n;
    const again = adminCli(['users', 'import', where]);
    expect(again.status).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ imported: 0, unchanged: COUNT, refused: 0 });
    expect((await trail()).rows[0].n).toBe(before);
  }, 240_000);

  it('keeps the file’s own line numbers across parts, and says what to fix', async () => {
    const where = path.join(tmp, 'bad.jsonl');
    const lines = Array.from({ length: 25_000 }, (_, i) => JSON.stringify({ email: `part${i}@parts.test` }));
    lines[3] = '{"email": 42}';
    lines[24_000] = JSON.stringify({ email: 'bcrypt@parts.test', password_hash: '$2b$04$short' });
    writeFileSync(where, `${lines.join('\n')}\n`);
    const run = adminCli(['users', 'import', where]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      imported: 24_998,
      unchanged: 0,
      refused: 2,
      refusals: [
        { line: 4, reason: 'email is missing or not an address' },
        { line: 24_001, reason: expect.stringContaining('malformed bcrypt hash') },
      ],
      refusals_truncated: false,
    });
    expect(adminCli(['users', 'import']).status).toBe(2);
    expect(adminCli(['users', 'import', path.join(tmp, 'missing.jsonl')]).status).toBe(1);
  }, 120_000);
});
