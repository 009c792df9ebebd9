// openRedis's connection-error lines: one per reason, at most one per connection attempt, against a
// real client retrying a port where nothing listens.
import net from 'node:net';
import type { Logger } from '@gatehouse/logger';
import { openRedis } from './index';

/** A loopback port that refuses connections: bound for a moment, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

it('logs a refused connection once over many retries, and a second error on the same attempt not at all', async () => {
  const lines: string[] = [];
  const log = { warn: (line: string) => lines.push(line) } as unknown as Logger;
  const redis = openRedis(`redis://127.0.0.1:${await closedPort()}`, log, { commandTimeoutMs: 200 });
  let attempts = 0;
  redis.on('error', (err: Error) => {
    attempts += 1;
    // What a refused TLS handshake can do: another error on the same socket before it closes.
    if (attempts === 2 && !err.message.includes('alert')) {
      redis.emit(
        'error',
        Object.assign(new Error('tlsv1 alert decode error'), { code: 'ERR_SSL_TLSV1_ALERT_DECODE_ERROR' }),
      );
    }
  });
  try {
    await expect(redis.ping()).rejects.toThrow();
    while (attempts < 5) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    redis.disconnect();
  }
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^REDIS_URL: cannot use Redis \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
});
