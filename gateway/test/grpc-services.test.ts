// Every gRPC server answers grpc.health.v1 and server reflection, so grpcurl / `buf curl` work
// against it without the proto files.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { checkHealth } from '@gatehouse/grpc-kit';
import { createTestDatabase, type TestDatabase } from '../../services/payment/test/db';
import { ROOT, type Stack, startStack } from '../../test/stack';

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

it('answers a unary call through reflection alone', async () => {
  const { stdout } = await run(BUF, [
    'curl',
    '--protocol',
    'grpc',
    '--http2-prior-knowledge',
    '-d',
    '{}',
    `http://127.0.0.1:${stack.ports.auth}/auth.v1.AuthService/ListProviders`,
  ]);
  expect(JSON.parse(stdout)).toEqual({ names: ['dev'] });
});
