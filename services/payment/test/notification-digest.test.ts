// A Braintree notification is kept once however its trailing newline is sent (issue 43, S3): the real
// braintree SDK verifies a signed payload with and without the newline Braintree signs, so both
// spellings are one notification; and notifications kept before the upgrade are keyed the same way by
// payment's migration 005, so a retry of one of them is still a duplicate.
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@gatehouse/logger';
import type { Pool } from 'pg';
import { createPool } from '../src/db';
import { MIGRATIONS_DIR, runMigrations } from '../src/migrate';
import { type DevProcessor, startDevProcessor } from '../src/processor/dev';
import { createTestDatabase, type TestDatabase } from './db';
import { testPayments } from './helpers';
import { sandboxGateway, signedNotification } from './money-back';

const log = createLogger({ name: 'notification-digest-test', level: 'silent' });
let dev: DevProcessor;
const databases: TestDatabase[] = [];
const pools: Pool[] = [];

beforeAll(async () => {
  dev = await startDevProcessor();
});

afterAll(async () => {
  for (const p of pools) await p.end();
  for (const db of databases) await db.drop();
  await dev?.close();
});

async function database(): Promise<Pool> {
  const db = await createTestDatabase();
  databases.push(db);
  const pool = createPool(db.url, { max: 4, transactionPooling: db.transactionPooling });
  pools.push(pool);
  return pool;
}

/** A signed dispute notification about a sale of the processor's (Braintree signs `base64\n`). */
async function signedDispute(kind: string) {
  const sale = await sandboxGateway(dev).transaction.sale({
    amount: '7.00',
    paymentMethodNonce: 'fake-valid-nonce',
    options: { submitForSettlement: true },
  });
  const signed = await signedNotification(dev, kind, sale.transaction.id);
  expect(signed.payload.endsWith('\n')).toBe(true);
  return { ...signed, bare: signed.payload.slice(0, -1), subject: sale.transaction.id };
}

/** The rows kept of one signed notification (its signature is the same in both spellings). */
const kept = async (pool: Pool, signature: string) =>
  Number(
    (await pool.query('SELECT count(*) FROM processor_notifications WHERE bt_signature = $1', [signature])).rows[0]
      .count,
  );

test('one signed notification, sent with and without its trailing newline, is applied once', async () => {
  const pool = await database();
  await runMigrations(pool);
  const payments = testPayments(pool, dev, log);
  const sdk = sandboxGateway(dev).webhookNotification;

  const first = await signedDispute('dispute_opened');
  // The SDK takes both spellings under the one signature: that is what the digest must not tell apart.
  for (const payload of [first.payload, first.bare])
    expect((await sdk.parse(first.signature, payload)).kind).toBe('dispute_opened');
  expect(await payments.handleNotification(first.signature, first.payload)).toMatchObject({ outcome: 'unmatched' });
  expect(await payments.handleNotification(first.signature, first.bare)).toMatchObject({ outcome: 'duplicate' });
  expect(await kept(pool, first.signature)).toBe(1);

  // The other order: the bare payload first, Braintree's spelling on its retry.
  const second = await signedDispute('dispute_opened');
  expect(await payments.handleNotification(second.signature, second.bare)).toMatchObject({ outcome: 'unmatched' });
  expect(await payments.handleNotification(second.signature, second.payload)).toMatchObject({ outcome: 'duplicate' });
  expect(await kept(pool, second.signature)).toBe(1);
});

test('notifications kept before the upgrade are keyed anew: a retry after it is still a duplicate', async () => {
  const pool = await database();
  const dir = mkdtempSync(path.join(tmpdir(), 'payment-migrations-'));
  try {
    for (const f of [
      '001_ledger.sql',
      '002_unsettled_index.sql',
      '003_owner_load_totals.sql',
      '004_reversals_disputes.sql',
    ])
      cpSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
    await runMigrations(pool, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // As the earlier code kept them: the digest of the payload as received. One notification kept once,
  // and one kept twice (both spellings, before this fix).
  const once = await signedDispute('dispute_opened');
  const twice = await signedDispute('dispute_opened');
  const keep = (signature: string, payload: string, subject: string) =>
    pool.query(
      `INSERT INTO processor_notifications (digest, kind, subject_id, received_at, outcome, bt_signature, bt_payload)
       VALUES ($1, 'dispute_opened', $2, now(), 'unmatched', $3, $4)`,
      [createHash('sha256').update(payload).digest('hex'), subject, signature, payload],
    );
  await keep(once.signature, once.payload, once.subject);
  await keep(twice.signature, twice.payload, twice.subject);
  await keep(twice.signature, twice.bare, twice.subject);

  expect(await runMigrations(pool)).toEqual([
    '005_notification_digest.sql',
    '006_owner_closures.sql',
    '007_statements.sql',
    '008_limit_policies.sql',
    '009_reconciliation.sql',
    '010_velocity_rules.sql',
    '011_policy_reversals.sql',
    '012_overview_summaries.sql',
  ]);
  const payments = testPayments(pool, dev, log);
  for (const n of [once, twice])
    for (const payload of [n.payload, n.bare])
      expect(await payments.handleNotification(n.signature, payload)).toMatchObject({ outcome: 'duplicate' });
  expect([await kept(pool, once.signature), await kept(pool, twice.signature)]).toEqual([1, 2]);
});
