import net from 'node:net';
import { Writable } from 'node:stream';
import { Pool } from 'pg';
import { createLogger, ownFrames, serializeError } from './index';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

test("pg-pool's idle connection error is logged without the pg Client it carries", async () => {
  const pool = new Pool({ connectionString: DATABASE_URL, max: 1, application_name: 'gh-serializer-test' });
  const idleError = new Promise<Error>((resolve) => pool.once('error', resolve));
  const client = await pool.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  client.release();
  // Postgres ends the idle connection (as a restart does): pg-pool emits the error with err.client set.
  const admin = new Pool({ connectionString: DATABASE_URL, max: 1 });
  await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
  await admin.end();
  const err = await idleError;
  await pool.end();
  expect((err as Error & { client?: unknown }).client).toBeDefined();

  const { lines, stream } = capture();
  createLogger({ name: 'svc', destination: stream }).warn({ err }, 'idle Postgres connection closed');
  const line = JSON.parse(lines[0]!);
  expect(line.err).toMatchObject({ type: 'DatabaseError', code: '57P01', severity: 'FATAL' });
  expect(Object.keys(line.err)).not.toContain('client');
  expect(lines[0]!.length).toBeLessThan(1500);
  expect(lines[0]).not.toMatch(/gh-serializer-test|connectionParameters|_events/);
  expect((line.err.stack ?? []).length).toBeLessThanOrEqual(3);
  for (const frame of line.err.stack ?? []) expect(frame).not.toMatch(/node_modules|node:/);
});

test('a socket error keeps its facts (code, syscall, port) and drops the socket; causes are serialized alike', async () => {
  const port = await new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
  const socket = net.connect(port, '127.0.0.1');
  const refused = await new Promise<Error>((resolve) => socket.once('error', resolve));
  Object.assign(refused, { socket, request: { headers: { cookie: 'JWT=secret' } } });
  const wrapped = new Error('processor unreachable', { cause: refused });

  const out = serializeError(wrapped);
  expect(out).toMatchObject({ type: 'Error', message: 'processor unreachable' });
  expect(out.cause).toMatchObject({ code: 'ECONNREFUSED', syscall: 'connect', port, address: '127.0.0.1' });
  expect(JSON.stringify(out)).not.toMatch(/socket|cookie|JWT/);
  expect((out.stack as string[]).length).toBeGreaterThan(0);
  expect((out.stack as string[])[0]).toContain('errors.test.ts');
});

test('only our own frames, at most three; non-errors are written as their type and text', () => {
  const stack = [
    'Error: x',
    '    at Parser.parse (/app/node_modules/pg-protocol/dist/parser.js:1:1)',
    '    at a (/app/services/payment/src/a.ts:1:1)',
    '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    '    at b (/app/services/payment/src/b.ts:2:2)',
    '    at c (/app/services/payment/src/c.ts:3:3)',
    '    at d (/app/services/payment/src/d.ts:4:4)',
  ].join('\n');
  expect(ownFrames(stack)).toEqual([
    'a (/app/services/payment/src/a.ts:1:1)',
    'b (/app/services/payment/src/b.ts:2:2)',
    'c (/app/services/payment/src/c.ts:3:3)',
  ]);
  expect(serializeError('boom')).toEqual({ type: 'string', message: 'boom' });
  expect(serializeError({ client: { huge: true } })).toEqual({ type: 'object', message: '[object Object]' });
});

test('a secret quoted in a message or a fact is redacted: a Bot API URL, a JWT', () => {
  const err = Object.assign(new Error('GET https://api.telegram.org/bot123456:AAsecretPart/getUpdates failed'), {
    detail: 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln was refused',
  });
  const out = serializeError(new Error('wrapped', { cause: err }));
  expect(JSON.stringify(out)).not.toMatch(/AAsecretPart|eyJzdWIiOiJ4In0/);
  expect(out.cause).toMatchObject({ message: 'GET https://api.telegram.org/bot[redacted]/getUpdates failed' });
});
