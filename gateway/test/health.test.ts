// The gateway's own health endpoints: live while the process answers, ready only while every service
// it calls answers gRPC health SERVING (503 naming the others).
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';

let stack: Stack;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  stack = await startStack({ services: ['auth', 'avatar', 'payment', 'gateway'], env: { DATABASE_URL: db.url } });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

const get = async (path: string) => {
  const res = await fetch(`${stack.url}${path}`);
  return { status: res.status, body: await res.json() };
};

it('is live and ready while every service serves, and says which one is not', async () => {
  expect(await get('/health/live')).toEqual({ status: 200, body: { status: 'live' } });
  expect(await get('/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
  await stack.kill('payment');
  await new Promise((r) => setTimeout(r, 1_100)); // past the 1 s the answer is reused
  expect(await get('/health/ready')).toEqual({ status: 503, body: { status: 'not ready', not_serving: ['payment'] } });
  expect((await get('/health/live')).status).toBe(200);
  await stack.restart('payment');
  await new Promise((r) => setTimeout(r, 1_100));
  expect(await get('/health/ready')).toEqual({ status: 200, body: { status: 'ready' } });
});
