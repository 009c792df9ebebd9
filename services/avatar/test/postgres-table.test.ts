// The Postgres avatar store's table is a versioned migration of avatar's own (issue 44): made by
// services/avatar/migrations through @gatehouse/migrations when the store opens, recorded in
// `<table>_migrations` beside it, under avatar's lock; a table the store made at start before that is
// taken as it is, its pictures kept.

import type { TestDatabase } from '@gatehouse/test-kit/databases';
import { Client } from 'pg';
import { PostgresAvatarStore } from '../src/stores/postgres';
import { testDatabase } from './backends';

let db: TestDatabase;
beforeAll(async () => {
  db = await testDatabase('table');
});
afterAll(() => db?.drop());

const address = (table: string) => `${db.url}${db.url.includes('?') ? '&' : '?'}ava_table=${table}`;
const picture = `${'b'.repeat(40)}.image`;

async function sql<R>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as R[];
  } finally {
    await client.end();
  }
}

const applied = (table: string) => sql<{ name: string }>(`SELECT name FROM ${table}_migrations ORDER BY name`);

test('a new table is made by the recorded migration, once, whichever of two stores opening at once runs it', async () => {
  const [a, b] = await Promise.all([
    PostgresAvatarStore.open(address('fresh_pics'), { max: 1 }),
    PostgresAvatarStore.open(address('fresh_pics'), { max: 1 }),
  ]);
  try {
    expect(await applied('fresh_pics')).toEqual([{ name: '001_avatars.sql' }]);
    await a.put(picture, Buffer.from('picture'));
    expect((await b.get(picture))?.toString()).toBe('picture');
    // The table's own check still refuses what is not an avatar id.
    await expect(a.put('not-an-id', Buffer.from('x'))).rejects.toThrow(/check constraint/);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
  const again = await PostgresAvatarStore.open(address('fresh_pics'), { max: 1 });
  await again.close();
  expect(await applied('fresh_pics')).toEqual([{ name: '001_avatars.sql' }]);
});

test('a table the store made before its migration existed is taken as it is, its pictures kept', async () => {
  // As the store made it at start before issue 44, with a picture in it.
  await sql(`create table old_pics (
    id text primary key check (id ~ '^[0-9a-f]{40}\\.image$'),
    content bytea not null,
    updated_at timestamptz not null default now()
  )`);
  await sql('insert into old_pics (id, content) values ($1, $2)', [picture, Buffer.from('kept')]);
  const store = await PostgresAvatarStore.open(address('old_pics'), { max: 1 });
  try {
    expect(await applied('old_pics')).toEqual([{ name: '001_avatars.sql' }]);
    expect((await store.get(picture))?.toString()).toBe('kept');
    expect(await store.list()).toEqual([picture]);
  } finally {
    await store.close();
  }
});
