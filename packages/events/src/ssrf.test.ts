// The SSRF guard (issue 34): a webhook reaches the public internet only, judged when the connection is
// made (a name resolving inside is refused as a literal address is), unless allowPrivate.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookSender } from './sender';
import { forbiddenAddress } from './ssrf';

test('private, loopback, link-local, CGNAT, metadata, unspecified and IPv6 inside ranges are refused', () => {
  for (const a of [
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '127.0.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '224.0.0.1',
  ])
    expect({ a, problem: forbiddenAddress(a) }).toEqual({ a, problem: expect.stringContaining('range') });
  for (const a of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8'])
    expect(forbiddenAddress(a)).toBeNull();
});

test('IPv4-compatible IPv6 (::/96) is judged as the IPv4 address it holds; :: and ::1 stay what they are', () => {
  // Issue 43 (S2): ipaddr.js calls these unicast, yet each holds a loopback, private or metadata address.
  expect(forbiddenAddress('::7f00:1')).toBe('::7f00:1 is in a loopback range');
  expect(forbiddenAddress('::127.0.0.1')).toBe('::127.0.0.1 is in a loopback range');
  expect(forbiddenAddress('::a00:1')).toBe('::a00:1 is in a private range');
  expect(forbiddenAddress('::a9fe:a9fe')).toBe('::a9fe:a9fe is in a linkLocal range');
  expect(forbiddenAddress('::2')).toBe('::2 is in a unspecified range');
  expect(forbiddenAddress('::')).toBe(':: is in a unspecified range');
  expect(forbiddenAddress('::1')).toBe('::1 is in a loopback range');
  // A public IPv4 address inside is judged as that address, as a mapped one is.
  expect(forbiddenAddress('::808:808')).toBeNull();
  expect(forbiddenAddress('::ffff:808:808')).toBeNull();
  // Translated and tunnelled forms stay refused as ranges of their own.
  for (const a of ['::ffff:0:7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::1', '2001:0:7f00:1::1'])
    expect({ a, problem: forbiddenAddress(a) }).toEqual({ a, problem: expect.stringContaining('range') });
});

describe('a sender', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits += 1;
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/elsewhere' });
        res.end();
        return;
      }
      res.end('x'.repeat(100_000));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const event = { id: 'evt_1', type: 'load.succeeded', time: new Date(), source: 'gatehouse_payment', data: {} };
  const secrets = [`whsec_${Buffer.alloc(32, 1).toString('base64')}`];

  it('refuses loopback by address and by name, before any request is made', async () => {
    const sender = new WebhookSender({ timeoutMs: 2_000 });
    try {
      hits = 0;
      for (const url of [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        `http://[::1]:${port}/`,
        `http://[::7f00:1]:${port}/`,
      ]) {
        const result = await sender.send({ url, secrets }, event);
        expect({ url, ok: result.ok, error: result.error }).toEqual({
          url,
          ok: false,
          error: expect.stringMatching(/refused|range/),
        });
      }
      expect(hits).toBe(0);
    } finally {
      await sender.close();
    }
  });

  it('with allowPrivate reaches it, follows no redirect and reads a big answer only up to its cap', async () => {
    const sender = new WebhookSender({ allowPrivate: true, timeoutMs: 2_000 });
    try {
      const big = await sender.send({ url: `http://127.0.0.1:${port}/`, secrets }, event);
      expect(big).toMatchObject({ ok: true, status: 200 });
      hits = 0;
      const moved = await sender.send({ url: `http://127.0.0.1:${port}/redirect`, secrets }, event);
      expect(moved).toMatchObject({ ok: false, status: 302 });
      expect(hits).toBe(1);
    } finally {
      await sender.close();
    }
  });
});
