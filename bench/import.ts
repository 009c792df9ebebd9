// `pnpm bench import`: users brought in with their password hashes (docs/password-import.md), per
// second, through the admin API (HTTP on the gateway's admin listener, the gRPC batches, the directory's
// statement in Postgres) beside the floor: the same statement run directly on the same database, with
// the same batches and no HTTP or gRPC around it. The import file has hashes of all five kinds.
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { createTestDatabase } from '@gatehouse/test-kit/databases';
import { importFile } from '@gatehouse/test-kit/imported-users';
import { ROOT, startStack } from '@gatehouse/test-kit/stack';
import { parseImportLine } from '../services/auth/src/passwords/import-lines';
import { PgUserImportStore } from '../services/auth/src/passwords/import-store';
import { createPool } from '../services/auth/src/stores/postgres';

/** At least this many users a second into the directory (issue 46). */
export const IMPORT_TARGET_PER_SECOND = 2_000;
/** Lines a request, as `pnpm admin users import` sends them. */
const PART_LINES = 20_000;
const BATCH = 1_000;

export interface ImportBenchResult {
  users: number;
  perSecond: number;
  floorPerSecond: number;
  refusedOrUnchanged: number;
}

function post(port: number, token: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `http://127.0.0.1:${port}/admin/v1/users/import`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' } },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runImportBench({ users = 50_000 }: { users?: number } = {}): Promise<ImportBenchResult> {
  const db = await createTestDatabase('gh_bench_import');
  const stack = await startStack({
    services: ['auth', 'gateway'],
    authDatabaseUrl: db.url,
    env: { LOG_LEVEL: 'warn' },
  });
  try {
    const token = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: path.join(stack.dataDir, 'internal-keys') },
      },
    )
      .toString()
      .trim();
    const viaApi = await importFile(users, 'api.bench');
    const direct = await importFile(users, 'floor.bench');

    let notImported = 0;
    // The floor first (so the admin API's run meets the bigger tables): the directory's statement
    // alone, on the same database, batch by batch.
    const pool = createPool(db.url);
    try {
      const store = new PgUserImportStore(pool);
      const floorStarted = process.hrtime.bigint();
      for (let i = 0; i < users; i += BATCH) {
        const records = direct.lines.slice(i, i + BATCH).map((text, j) => parseImportLine(i + j + 1, text));
        const added = await store.addBatch(
          records.filter((r) => !('reason' in r)) as Exclude<(typeof records)[number], { reason: string }>[],
          'operator',
        );
        notImported += records.length - added.size;
      }
      const floorSeconds = Number(process.hrtime.bigint() - floorStarted) / 1e9;
      const started = process.hrtime.bigint();
      for (let i = 0; i < users; i += PART_LINES) {
        const res = await post(stack.ports.admin, token, `${viaApi.lines.slice(i, i + PART_LINES).join('\n')}\n`);
        if (res.status !== 200) throw new Error(`import answered ${res.status}: ${res.text}`);
        const answer = JSON.parse(res.text) as { imported: number };
        notImported += Math.min(PART_LINES, users - i) - answer.imported;
      }
      const apiSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      return {
        users,
        perSecond: users / apiSeconds,
        floorPerSecond: users / floorSeconds,
        refusedOrUnchanged: notImported,
      };
    } finally {
      await pool.end();
    }
  } finally {
    await stack.stop();
    await db.drop();
  }
}
