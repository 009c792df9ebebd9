// Following the trail (`GET /admin/v1/events?after=`): an event's id is made before its transaction
// commits, so one with a smaller id can become visible after a larger one was answered. The follow
// answers only events FOLLOW_SETTLE_MS old, so a follower that moves its `after` to the last id it got
// never skips the one that committed late, and gets each once, in order. Real Postgres.
import { idTime, recordEvent } from '@gatehouse/events';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { createPool, runMigrations } from '../stores/postgres';
import { FOLLOW_SETTLE_MS, PgTrail } from './trail';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_follow');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const blocked = (user: string) =>
  ({ type: 'user.blocked', actor: { kind: 'admin', id: 'op' }, subjectUser: user, data: { reason: 'r' } }) as const;

test('an event that commits after a newer one is still answered, once and in order', async () => {
  const start = await recordEvent(pool, blocked('dev_follow_start'));
  let now = idTime(start) + FOLLOW_SETTLE_MS + 1;
  const trail = new PgTrail(pool, () => now);
  const follow = async (after: string) => (await trail.query({ after, type: 'user.blocked' })).events;
  expect(await follow(start)).toEqual([]);

  // The slow writer's event gets its id, then waits in its transaction; a quick one's, made later, commits.
  const slow = await pool.connect();
  await slow.query('BEGIN');
  const early = await recordEvent(slow, blocked('dev_follow_slow'));
  await new Promise((r) => setTimeout(r, 5));
  const late = await recordEvent(pool, blocked('dev_follow_quick'));
  expect(early < late).toBe(true);

  // Neither is old enough yet: the follower's `after` stays where it was.
  now = Date.now();
  expect(await follow(start)).toEqual([]);
  await slow.query('COMMIT');
  slow.release();

  // Once both are FOLLOW_SETTLE_MS old: both, oldest first; then nothing more.
  now = idTime(late) + FOLLOW_SETTLE_MS + 1;
  const got = await follow(start);
  expect(got.map((e) => e.id)).toEqual([early, late]);
  expect(await follow(late)).toEqual([]);
});

test('a follow answers an event once it is FOLLOW_SETTLE_MS old, not before', async () => {
  const before = await recordEvent(pool, blocked('dev_follow_a'));
  const id = await recordEvent(pool, blocked('dev_follow_b'));
  let now = idTime(id) + FOLLOW_SETTLE_MS - 1;
  const trail = new PgTrail(pool, () => now);
  expect((await trail.query({ after: before })).events).toEqual([]);
  now += 2;
  expect((await trail.query({ after: before })).events.map((e) => e.id)).toEqual([id]);
});
