// The admin API (auth.v1.AdminService) through gRPC, with real dev logins, Postgres and the
// WatchEndedSessions stream the gateways listen to.

import { createLogger } from '@gatehouse/logger';
import type { auth } from '@gatehouse/proto';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { freePort } from '@gatehouse/test-kit/stack';
import { migrateTrail } from '@gatehouse/test-kit/trail';
import { until } from '@gatehouse/test-kit/until';
import type { ClientReadableStream } from '@grpc/grpc-js';
import { loadPaymentConfig } from '../../payment/src/config';
import { type RunningPaymentService, startPaymentService } from '../../payment/src/service';
import { call, type DirectoryStack, refusal, startDirectoryStack } from './directory-stack';

let stack: DirectoryStack;
// The real payment service, with its development processor: DeleteUser asks it about the user's cards.
let paymentDb: TestDatabase;
let payment: RunningPaymentService;
beforeAll(async () => {
  paymentDb = await createTestDatabase('gh_pay_dir');
  // The trail payment writes into, made by auth's migrations before payment serves.
  await migrateTrail(paymentDb.url, paymentDb.transactionPooling);
  const paymentPort = await freePort();
  payment = await startPaymentService(
    loadPaymentConfig({
      DATABASE_URL: paymentDb.url,
      DATABASE_TRANSACTION_POOLING: String(paymentDb.transactionPooling),
      PAYMENT_GRPC_PORT: String(paymentPort),
      PAYMENT_DEV_PROCESSOR: 'true',
      PAYMENT_DEV_PROCESSOR_PORT: String(await freePort()),
      METRICS_PORT: '0',
    }),
    { log: createLogger({ name: 'payment-test', level: 'silent' }) },
  );
  stack = await startDirectoryStack({ PAYMENT_GRPC_ADDR: `127.0.0.1:${paymentPort}` });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await payment?.stop();
  await paymentDb?.drop();
});

const actor = { id: 'operator' };
const list = (req: Partial<auth.ListUsersRequest>) =>
  call<auth.ListUsersResponse__Output>((cb) => stack.admin.listUsers({ actor, ...req }, cb));

describe('finding users', () => {
  it('finds a user by name prefix (any case), by exact user or identity id, by status and provider', async () => {
    const alice = await stack.devLogin('Alice-admin');
    const link = await stack.devLogin('alias-of-alice', alice.token);
    const ids = (r: auth.ListUsersResponse__Output) => r.users.map((u) => u.id);
    expect(ids(await list({ query: 'alice-ad' }))).toEqual([alice.user.id]);
    expect(ids(await list({ query: alice.user.id }))).toEqual([alice.user.id]);
    expect(ids(await list({ query: link.linked?.id }))).toEqual([alice.user.id]);
    expect(ids(await list({ query: 'alice-ad', status: 'blocked' }))).toEqual([]);
    expect(ids(await list({ query: 'alice-ad', provider: 'github' }))).toEqual([]);
    expect(ids(await list({ query: 'alice-ad', provider: 'dev' }))).toEqual([alice.user.id]);
    // LIKE's wildcards are taken literally.
    expect(ids(await list({ query: 'alice%' }))).toEqual([]);
    expect(await refusal(list({ limit: 201 }))).toBe('INVALID_ARGUMENT: limit must be 1 to 200');
    expect(await refusal(list({ cursor: 'garbage' }))).toBe('INVALID_ARGUMENT: bad cursor');
    expect(await refusal(list({ actor: { id: '' } }))).toBe('INVALID_ARGUMENT: the acting admin is required');
  });

  it('pages through every user with the cursor, without repeats or gaps', async () => {
    const values = Array.from({ length: 260 }, (_, i) => `('page_${String(i).padStart(4, '0')}', 'pager ${i}')`);
    const pool = new (await import('pg')).Pool({ connectionString: stack.db.url, options: '-c search_path=auth' });
    await pool.query(`INSERT INTO users (id, name) VALUES ${values.join(',')}`);
    const { rows } = await pool.query<{ id: string }>('SELECT id FROM users ORDER BY id');
    await pool.end();

    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await list({ cursor });
      expect(page.users.length).toBeLessThanOrEqual(50);
      seen.push(...page.users.map((u) => u.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(seen).toEqual(rows.map((r) => r.id));
    const big = await list({ limit: 200 });
    expect(big.users).toHaveLength(200);
  });
});

describe('acting on a user', () => {
  it('blocks: every session ends at once on the stream, logins and refreshes are refused; unblock lets them in', async () => {
    const mallory = await stack.devLogin('mallory');
    const second = await stack.devLogin('mallory');
    const heard: string[] = [];
    const watch: ClientReadableStream<auth.EndedSession__Output> = stack.authClient.watchEndedSessions({});
    watch.on('data', (m: auth.EndedSession__Output) => heard.push(m.jti));
    watch.on('error', () => {});
    await new Promise((r) => setTimeout(r, 100));

    const blocked = await call<auth.BlockUserResponse__Output>((cb) =>
      stack.admin.blockUser({ actor, userId: mallory.user.id, reason: 'fraud' }, cb),
    );
    expect(blocked.ended.map((e) => e.jti).sort()).toEqual([mallory.jti, second.jti].sort());
    await until(() => heard.length >= 2, { ms: 1000, everyMs: 20, what: 'both ends' });
    expect(heard).toEqual(expect.arrayContaining([mallory.jti, second.jti]));
    watch.cancel();

    expect(await refusal(stack.devLogin('mallory'))).toBe('PERMISSION_DENIED: user blocked');
    expect(await refusal(call((cb) => stack.authClient.refreshToken({ token: mallory.token }, cb)))).toMatch(
      /^UNAUTHENTICATED: session ended|^PERMISSION_DENIED: user blocked/,
    );
    const shown = await call<auth.GetUserResponse__Output>((cb) =>
      stack.admin.getUser({ actor, userId: mallory.user.id }, cb),
    );
    expect(shown.user).toMatchObject({ status: 'blocked', blockReason: 'fraud' });
    expect(shown.sessions).toEqual([]);

    await call((cb) => stack.admin.unblockUser({ actor, userId: mallory.user.id }, cb));
    // Who did what to whom, one line each.
    const audit = stack.logLines.filter((l) => l.audit === true && l.target === mallory.user.id);
    expect(audit.map((l) => [l.actor, l.action])).toEqual([
      ['operator', 'block user'],
      ['operator', 'show user'],
      ['operator', 'unblock user'],
    ]);
    expect(audit[0]).toMatchObject({ reason: 'fraud', sessionsEnded: 2 });
    const back = await stack.devLogin('mallory');
    expect(back.user.id).toBe(mallory.user.id);
    // The block's second sweep (a second after it) finds her unblocked: her new session lives on.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await refusal(call((cb) => stack.authClient.refreshToken({ token: back.token }, cb)))).toBe('accepted');
    const after = await call<auth.GetUserResponse__Output>((cb) =>
      stack.admin.getUser({ actor, userId: mallory.user.id }, cb),
    );
    expect(after.sessions).toHaveLength(1);
  });

  it('shows, ends sessions, unlinks, exports without secrets, and deletes', async () => {
    const oscar = await stack.devLogin('oscar');
    const link = await stack.devLogin('oscar-too', oscar.token);
    const shown = await call<auth.GetUserResponse__Output>((cb) =>
      stack.admin.getUser({ actor, userId: oscar.user.id }, cb),
    );
    expect(shown.identities.map((i) => i.id)).toEqual([oscar.user.id, link.linked?.id]);
    expect(shown.totpEnabled).toBe(false);
    expect(shown.sessions).toHaveLength(1);

    const exported = await call<auth.ExportUserResponse__Output>((cb) =>
      stack.admin.exportUser({ actor, userId: oscar.user.id }, cb),
    );
    const doc = JSON.parse(exported.documentJson);
    expect(doc.user.id).toBe(oscar.user.id);
    expect(doc.identities).toHaveLength(2);
    expect(exported.documentJson).not.toContain(oscar.jti);
    expect(exported.documentJson).not.toContain(oscar.token);

    const ended = await call<auth.EndUserSessionsResponse__Output>((cb) =>
      stack.admin.endUserSessions({ actor, userId: oscar.user.id }, cb),
    );
    expect(ended.ended.map((e) => e.jti)).toEqual([oscar.jti]);
    await call((cb) =>
      stack.admin.adminUnlinkIdentity({ actor, userId: oscar.user.id, identityId: link.linked?.id as string }, cb),
    );
    expect(
      await refusal(
        call((cb) => stack.admin.adminUnlinkIdentity({ actor, userId: oscar.user.id, identityId: 'nope' }, cb)),
      ),
    ).toBe('NOT_FOUND: identity not found');

    // Not while a card of theirs holds money; the card itself stays with the payment service.
    const card = await payment.payments.createCard(oscar.user.id, 'savings');
    const load = await payment.payments.loadCard({
      ownerId: oscar.user.id,
      cardId: card.id,
      amountCents: 500,
      nonce: 'fake-valid-nonce',
    });
    expect(load.status).not.toBe('failed');
    expect(await refusal(call((cb) => stack.admin.deleteUser({ actor, userId: oscar.user.id }, cb)))).toBe(
      'FAILED_PRECONDITION: user has funds',
    );
    // The export carries the cards and their loads (from the payment service); the user gets the same.
    const withCards = await call<auth.ExportUserResponse__Output>((cb) =>
      stack.admin.exportUser({ actor, userId: oscar.user.id }, cb),
    );
    const cards = JSON.parse(withCards.documentJson).cards;
    expect(cards).toEqual([expect.objectContaining({ name: 'savings', balanceCents: '500' })]);
    expect(cards[0].loads).toEqual([expect.objectContaining({ amountCents: '500' })]);
    const mine = await call<auth.ExportMyDataResponse__Output>((cb) =>
      stack.identities.exportMyData({ caller: { userId: oscar.user.id, jti: 'any' } }, cb),
    );
    expect(JSON.parse(mine.documentJson).cards).toEqual(cards);
    expect(
      (await call<auth.GetUserResponse__Output>((cb) => stack.admin.getUser({ actor, userId: oscar.user.id }, cb))).user
        ?.id,
    ).toBe(oscar.user.id);
    expect(
      (await call<auth.GetUserResponse__Output>((cb) => stack.admin.getUser({ actor, userId: oscar.user.id }, cb))).user
        ?.id,
    ).toBe(oscar.user.id);

    // An empty card is no money: the user is erased, sessions and all.
    const penny = await stack.devLogin('penny');
    await payment.payments.createCard(penny.user.id, 'empty');
    const deleted = await call<auth.DeleteUserResponse__Output>((cb) =>
      stack.admin.deleteUser({ actor, userId: penny.user.id }, cb),
    );
    expect(deleted.ended.map((e) => e.jti)).toEqual([penny.jti]);
    expect(await refusal(call((cb) => stack.admin.getUser({ actor, userId: penny.user.id }, cb)))).toBe(
      'NOT_FOUND: user not found',
    );
    expect(await refusal(call((cb) => stack.authClient.refreshToken({ token: penny.token }, cb)))).toMatch(
      /^UNAUTHENTICATED: session ended/,
    );
    // A login afterwards starts a new user of the same id, with nothing of the old one.
    const again = await stack.devLogin('penny');
    expect(again.user.id).toBe(penny.user.id);
    const fresh = await call<auth.GetUserResponse__Output>((cb) =>
      stack.admin.getUser({ actor, userId: penny.user.id }, cb),
    );
    expect(fresh.identities.map((i) => i.id)).toEqual([penny.user.id]);
  });
});
