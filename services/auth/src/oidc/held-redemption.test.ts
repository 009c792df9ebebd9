// Held redemptions (held-redemption.ts) against real Postgres, with the adapter and the middleware as the
// provider runs them (its per-request context entered as the library enters it): a grant's consume and
// the saves after it are one statement once the grant has answered 200; of two redemptions of one token
// at once, one wins and the other saves nothing, answers invalid_grant and revokes the family as a reuse;
// a grant that failed writes nothing; outside a request every write goes at once.
import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import als from 'oidc-provider/lib/helpers/als.js';
import type { QueryConfig } from 'pg';
import { createPool, runMigrations } from '../stores/postgres';
import { lostRedemption, postgresAdapter } from './adapter';
import { redeemAfterGrant } from './held-redemption';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let sent: string[] = [];
const reuses: { model: string; grantId?: string }[] = [];

beforeAll(async () => {
  db = await createTestDatabase('gh_auth_held');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (config: QueryConfig | string, ...rest: unknown[]) => {
    sent.push(typeof config === 'string' ? config : (config.name ?? config.text));
    return query(config, ...rest);
  };
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const events = { reused: (model: string, p: { grantId?: string }) => reuses.push({ model, grantId: p.grantId }) };
const adapter = (model: string) => new (postgresAdapter(pool, events))(model);

const middleware = () => redeemAfterGrant({ pool, lost: (model, id) => lostRedemption(pool, events, model, id) });

/** A grant with a refresh token; answers their ids. */
async function family() {
  const grantId = randomBytes(8).toString('hex');
  const tokenId = randomBytes(8).toString('hex');
  await adapter('Grant').upsert(grantId, { accountId: 'dev_1', clientId: 'app' }, 600);
  await adapter('RefreshToken').upsert(tokenId, { grantId, accountId: 'dev_1', clientId: 'app' }, 600);
  return { grantId, tokenId };
}

/** One request's refresh as the library makes it: consume, save a new refresh token and an access token. */
async function refresh(ids: { grantId: string; tokenId: string }, answer = 200) {
  const ctx = { status: 404, body: undefined as unknown };
  const issued = { rt: randomBytes(8).toString('hex'), at: randomBytes(8).toString('hex') };
  await als.run(ctx, () =>
    middleware()(ctx as never, async () => {
      await adapter('RefreshToken').consume(ids.tokenId);
      await adapter('RefreshToken').upsert(issued.rt, { grantId: ids.grantId, accountId: 'dev_1' }, 600);
      await adapter('AccessToken').upsert(issued.at, { grantId: ids.grantId, accountId: 'dev_1' }, 60);
      ctx.status = answer;
      ctx.body = answer === 200 ? { access_token: issued.at } : { error: 'invalid_target' };
    }),
  );
  return { ctx, issued };
}

const row = async (model: string, id: string) =>
  (
    await pool.query<{ consumed: boolean }>(
      'SELECT consumed_at IS NOT NULL AS consumed FROM oidc_payloads WHERE model = $1 AND id = $2',
      [model, id],
    )
  ).rows[0];

beforeEach(() => {
  sent = [];
  reuses.length = 0;
});

it('sends the consume and the saves after a grant that succeeded as one statement', async () => {
  const ids = await family();
  sent = [];
  const { ctx, issued } = await refresh(ids);
  expect(sent).toEqual(['oidc-redeem-2']);
  expect(ctx.status).toBe(200);
  expect(await row('RefreshToken', ids.tokenId)).toEqual({ consumed: true });
  expect(await row('RefreshToken', issued.rt)).toEqual({ consumed: false });
  expect(await row('AccessToken', issued.at)).toEqual({ consumed: false });
});

it('lets one of two redemptions at once win; the other saves nothing, answers invalid_grant, revokes the family', async () => {
  const ids = await family();
  const [a, b] = await Promise.all([refresh(ids), refresh(ids)]);
  const [won, lost] = a.ctx.status === 200 ? [a, b] : [b, a];
  expect(won.ctx.status).toBe(200);
  expect(lost.ctx).toEqual({
    status: 400,
    body: { error: 'invalid_grant', error_description: 'grant request is invalid' },
  });
  expect(await row('RefreshToken', lost.issued.rt)).toBeUndefined();
  expect(await row('AccessToken', lost.issued.at)).toBeUndefined();
  // A reuse: the whole family is gone, the winner's new tokens with it, and it is told.
  expect(await row('Grant', ids.grantId)).toBeUndefined();
  expect(await row('RefreshToken', won.issued.rt)).toBeUndefined();
  expect(reuses).toEqual([{ model: 'RefreshToken', grantId: ids.grantId }]);
});

it('writes nothing for a grant that failed after its consume: the token stays usable', async () => {
  const ids = await family();
  sent = [];
  const { ctx, issued } = await refresh(ids, 400);
  expect(ctx.status).toBe(400);
  expect(sent).toEqual([]);
  expect(await row('RefreshToken', ids.tokenId)).toEqual({ consumed: false });
  expect(await row('RefreshToken', issued.rt)).toBeUndefined();
});

it('writes at once outside a request, and refuses a second consume there as a reuse', async () => {
  const ids = await family();
  sent = [];
  await adapter('RefreshToken').consume(ids.tokenId);
  expect(sent).toEqual(['oidc-consume']);
  await expect(adapter('RefreshToken').consume(ids.tokenId)).rejects.toMatchObject({ error: 'invalid_grant' });
  expect(reuses).toEqual([{ model: 'RefreshToken', grantId: ids.grantId }]);
});
