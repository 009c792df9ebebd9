// What Gatehouse keeps of a device flow in Postgres (device-state.ts), on a real database: a user code is
// claimed by the first session to open it and decided once, by that session; a poll sooner than the
// interval is slowed down and the interval grows by 5 s; the rows go with the sweep once expired.
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { createPool, runMigrations } from '../stores/postgres';
import { sweepExpired } from './adapter';
import { DeviceState } from './device-state';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let state: DeviceState;
const inTenMinutes = () => Math.floor(Date.now() / 1000) + 600;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_device');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  state = new DeviceState(pool);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

describe('claims', () => {
  it('belong to the first session; only it decides, once', async () => {
    expect(await state.claim('code-1', 'session-a', inTenMinutes())).toBe('claimed');
    expect(await state.claim('code-1', 'session-a', inTenMinutes())).toBe('claimed');
    expect(await state.claim('code-1', 'session-b', inTenMinutes())).toBe('taken');
    expect(await state.decide('code-1', 'session-b', 'approve')).toBe(false);
    expect(await state.decide('code-1', 'session-a', 'approve')).toBe(true);
    expect(await state.decide('code-1', 'session-a', 'deny')).toBe(false);
    expect(await state.claim('code-1', 'session-a', inTenMinutes())).toBe('decided');
    expect(await state.claim('code-1', 'session-b', inTenMinutes())).toBe('taken');
  });

  it('of many sessions at once: exactly one wins', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => state.claim('code-2', `session-${i}`, inTenMinutes())),
    );
    expect(outcomes.filter((o) => o === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'taken')).toHaveLength(7);
  });
});

describe('polls', () => {
  /** Moves the last poll of `id` back by `seconds`, as if the device had waited. */
  const waited = (id: string, seconds: number) =>
    pool.query(
      `UPDATE oidc_payloads SET payload = jsonb_set(payload, '{last}', to_jsonb((payload->>'last')::float8 - $2))
        WHERE model = 'DevicePoll' AND id = $1`,
      [id, seconds],
    );

  it('sooner than the interval are slowed down, and the interval grows by 5 s each time', async () => {
    expect(await state.poll('code-3', 5, 600)).toEqual({ slowDown: false, intervalS: 5 });
    expect(await state.poll('code-3', 5, 600)).toEqual({ slowDown: true, intervalS: 10 });
    await waited('code-3', 6);
    expect(await state.poll('code-3', 5, 600)).toEqual({ slowDown: true, intervalS: 15 });
    await waited('code-3', 15);
    expect(await state.poll('code-3', 5, 600)).toEqual({ slowDown: false, intervalS: 15 });
  });

  it('of one device at once through two replicas: one of them is slowed down', async () => {
    const [first, second] = await Promise.all([state.poll('code-4', 5, 600), state.poll('code-4', 5, 600)]);
    expect([first?.slowDown, second?.slowDown].sort()).toEqual([false, true]);
  });
});

it('rows expire with the code and the sweep takes them', async () => {
  const past = Math.floor(Date.now() / 1000) - 120;
  await state.claim('code-5', 'session-a', past);
  await state.poll('code-5', 5, 1);
  await pool.query("UPDATE oidc_payloads SET expires_at = now() - interval '2 minutes' WHERE id = 'code-5'");
  await sweepExpired(pool);
  const { rows } = await pool.query("SELECT model FROM oidc_payloads WHERE id = 'code-5'");
  expect(rows).toEqual([]);
});
