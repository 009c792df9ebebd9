// Every gRPC server answers grpc.health.v1 and server reflection, so grpcurl / `buf curl` work
// against it without the proto files.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkHealth, ensureInternalKeys, InternalAuth } from '@gatehouse/grpc-kit';
import { loadProto } from '@gatehouse/proto';
import { createLedgerDatabase as createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import * as grpc from '@grpc/grpc-js';

const run = promisify(execFile);
const BUF = path.join(ROOT, 'node_modules/.bin/buf');

let stack: Stack;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  stack = await startStack({ services: ['auth', 'avatar', 'telegram-bot', 'payment'], env: { DATABASE_URL: db.url } });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await db?.drop();
});

async function listServices(port: number): Promise<string[]> {
  const { stdout } = await run(BUF, [
    'curl',
    '--protocol',
    'grpc',
    '--http2-prior-knowledge',
    '--list-services',
    `http://127.0.0.1:${port}`,
  ]);
  return stdout.trim().split('\n').sort();
}

it.each([
  ['auth', 'auth', 'auth.v1.AuthService'],
  ['avatar', 'avatar', 'avatar.v1.AvatarService'],
  ['telegram-bot', 'telegram', 'telegram.v1.TelegramBotService'],
  ['telegram-bot login handler', 'telegram', 'login.v1.LoginHandler'],
  ['payment', 'payment', 'payment.v1.PaymentService'],
] as const)('%s serves health and reflection', async (_name, portKey, service) => {
  const port = stack.ports[portKey];
  expect(await checkHealth(`127.0.0.1:${port}`)).toBe('SERVING');
  expect(await checkHealth(`127.0.0.1:${port}`, service)).toBe('SERVING');
  expect(await listServices(port)).toEqual(expect.arrayContaining([service, 'grpc.health.v1.Health']));
});

it('answers a business call through reflection alone, with the operator credential', async () => {
  const url = `http://127.0.0.1:${stack.ports.auth}/auth.v1.AuthService/ListProviders`;
  const curl = (...extra: string[]) =>
    run(BUF, ['curl', '--protocol', 'grpc', '--http2-prior-knowledge', '-d', '{}', ...extra, url]);
  await expect(curl()).rejects.toMatchObject({ stderr: expect.stringMatching(/unauthenticated/i) });
  const token = await (await InternalAuth.load(stack.env.INTERNAL_KEYS_DIR as string, 'operator')).sign('auth');
  const { stdout } = await curl('-H', `authorization: Bearer ${token}`);
  expect(JSON.parse(stdout)).toEqual({ names: ['dev'] });
});

describe('internal authentication', () => {
  // One folder per workload (ensureWorkloadKeys): each identity's private key sits in its own.
  const keys = (identity: string) => path.join(stack.env.INTERNAL_KEYS_DIR as string, '..', identity);
  const as = async (identity: string, audience: string, ttl?: number) => {
    const metadata = new grpc.Metadata();
    const auth = await InternalAuth.load(keys(identity), identity);
    metadata.set('authorization', `Bearer ${await auth.sign(audience, ttl)}`);
    return metadata;
  };
  const authClient = () =>
    new (loadProto('auth').grpcObject.auth.v1.AuthService)(
      `127.0.0.1:${stack.ports.auth}`,
      grpc.credentials.createInsecure(),
    );
  const paymentClient = () =>
    new (loadProto('payment').grpcObject.payment.v1.PaymentService)(
      `127.0.0.1:${stack.ports.payment}`,
      grpc.credentials.createInsecure(),
    );
  const code = (call: (cb: (err: grpc.ServiceError | null) => void) => void) =>
    new Promise<number>((resolve) => call((err) => resolve(err ? err.code : grpc.status.OK)));
  const issue = { provider: 'dev', userJson: '{"name":"x","id":"dev_x","picture":""}', site: '', sessionOnly: false };

  it('refuses a call without a credential with UNAUTHENTICATED', async () => {
    const auth = authClient();
    const payment = paymentClient();
    expect(await code((cb) => auth.issueSession(issue, cb))).toBe(grpc.status.UNAUTHENTICATED);
    expect(await code((cb) => payment.listCards({ ownerId: 'dev_x' }, cb))).toBe(grpc.status.UNAUTHENTICATED);
    auth.close();
    payment.close();
  });

  it('refuses a caller outside the method’s list with PERMISSION_DENIED', async () => {
    const auth = authClient();
    const payment = paymentClient();
    const bot = await as('telegram-bot', 'payment');
    expect(await code((cb) => payment.listCards({ ownerId: 'dev_x' }, bot, cb))).toBe(grpc.status.PERMISSION_DENIED);
    const operator = await as('operator', 'auth');
    expect(await code((cb) => auth.issueSession(issue, operator, cb))).toBe(grpc.status.PERMISSION_DENIED);
    expect(await code((cb) => auth.listProviders({}, operator, cb))).toBe(grpc.status.OK);
    const gateway = await as('gateway', 'payment');
    expect(await code((cb) => payment.listCards({ ownerId: 'dev_x' }, gateway, cb))).toBe(grpc.status.OK);
    auth.close();
    payment.close();
  });

  it('refuses forged, expired and misaddressed credentials with UNAUTHENTICATED', async () => {
    const payment = paymentClient();
    const list = async (metadata: grpc.Metadata) => code((cb) => payment.listCards({ ownerId: 'dev_x' }, metadata, cb));
    // The gateway's token for another service cannot be replayed here.
    expect(await list(await as('gateway', 'avatar'))).toBe(grpc.status.UNAUTHENTICATED);
    // A key of our own making, claiming to be the gateway.
    const other = mkdtempSync(path.join(os.tmpdir(), 'gh-forged-keys-'));
    await ensureInternalKeys(other, ['gateway']);
    const forged = new grpc.Metadata();
    forged.set('authorization', `Bearer ${await (await InternalAuth.load(other, 'gateway')).sign('payment')}`);
    expect(await list(forged)).toBe(grpc.status.UNAUTHENTICATED);
    rmSync(other, { recursive: true, force: true });
    const expired = await as('gateway', 'payment', -10);
    expect(await list(expired)).toBe(grpc.status.UNAUTHENTICATED);
    const garbage = new grpc.Metadata();
    garbage.set('authorization', 'Bearer not.a.token');
    expect(await list(garbage)).toBe(grpc.status.UNAUTHENTICATED);
    payment.close();
  });
});
