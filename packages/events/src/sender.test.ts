// Endpoints are delivered independently (issue 43), down to the connections: two endpoints of one host
// (a relay's tenants, say) do not share a queue, so one that takes requests and never answers, holding
// every connection it is given, leaves the other's delivery to go at once. A real server on loopback.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { until } from '@gatehouse/test-kit/until';
import { type AttemptResult, WebhookSender } from './sender';

const secrets = [`whsec_${Buffer.alloc(32, 2).toString('base64')}`];
const event = (id: string) => ({ id, type: 'load.succeeded', time: new Date(), source: 'test', data: {} });

test('an endpoint that holds its requests open keeps no other endpoint of the same host waiting', async () => {
  const held = new Set<http.ServerResponse>();
  const sockets = new Set<Socket>();
  let holding = true;
  const release = () => {
    holding = false;
    for (const res of held) if (!res.headersSent) res.writeHead(204).end();
  };
  const server = http.createServer((req, res) => {
    req.resume();
    if (req.url === '/hold' && holding) held.add(res);
    else res.writeHead(204).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Attempts may take 30 s: far longer than the test waits for the other endpoint.
  const sender = new WebhookSender({ allowPrivate: true, timeoutMs: 30_000 });
  try {
    const sent = Array.from({ length: 10 }, (_, i) => sender.send({ url: `${base}/hold`, secrets }, event(`h${i}`)));
    // Every connection the holding endpoint may have is taken (8), the rest of its requests wait for one.
    await until(() => held.size >= 8);
    let other: AttemptResult | undefined;
    void sender.send({ url: `${base}/other`, secrets }, event('o1')).then((r) => {
      other = r;
    });
    expect(await until(() => other)).toMatchObject({ ok: true, status: 204 });
    expect(held.size).toBe(8);
    // Let go: the held ones are answered, and those that waited for a connection go.
    release();
    expect((await Promise.all(sent)).map((r) => r.status)).toEqual(Array(10).fill(204));
  } finally {
    release();
    for (const socket of sockets) socket.destroy();
    await sender.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
