import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { identicon } from '../src/picture';
import { startTestService, tempDir, testConfig } from './helpers';

/** A loopback picture server whose behaviour each test sets; it records what reached it. */
async function pictureServer(handler: http.RequestListener) {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hostPort: `127.0.0.1:${port}`,
    url: (p: string) => `http://127.0.0.1:${port}${p}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A real PNG whose IHDR says 12000x12000 (144 Mi pixels) and whose 1-bit rows compress to ~20 KiB. */
function decompressionBomb(): Buffer {
  const side = 12_000;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth 1
  ihdr[9] = 0; // grayscale
  const raw = Buffer.alloc((side / 8 + 1) * side); // filter byte + 1500 zero bytes per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('pictures from hostile servers fall back to the identicon', () => {
  let validPng: Buffer;
  let cleanup: () => Promise<void>;
  let storeDir: string;
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    validPng = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#aa2200' } })
      .png()
      .toBuffer();
    const tmp = await tempDir('hostile');
    storeDir = tmp.dir;
    cleanup = tmp.cleanup;
  });
  afterAll(async () => {
    await Promise.all(stops.map((stop) => stop()));
    await cleanup();
  });

  /** Starts a picture server and a service that explicitly allows that one loopback server. */
  async function setup(handler: http.RequestListener, config: Parameters<typeof testConfig>[0] = {}) {
    const pictures = await pictureServer(handler);
    stops.push(pictures.close);
    const svc = await startTestService(
      testConfig({ store: storeDir, allowPrivateHosts: [pictures.hostPort], ...config }),
    );
    stops.push(svc.stop);
    return { pictures, client: svc.client };
  }

  async function stored(client: Awaited<ReturnType<typeof setup>>['client'], avatarId: string) {
    return Buffer.from((await client.getAvatar({ avatarId })).content);
  }

  it('stores a real picture from an allowed loopback host, with the bearer token', async () => {
    const { pictures, client } = await setup((_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.end(validPng);
    });
    const res = await client.storeFromUrl({ userId: 'ok_user', url: pictures.url('/me.png'), bearerToken: 'tok' });
    expect(res.identicon).toBe(false);
    expect((await stored(client, res.avatarId)).equals(validPng)).toBe(true);
    expect(pictures.requests[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('refuses loopback by default (SSRF): the server is never reached', async () => {
    const { pictures } = await setup((_req, res) => res.end(validPng));
    const strict = await startTestService(testConfig({ store: storeDir }));
    stops.push(strict.stop);
    for (const url of [pictures.url('/a.png'), `http://localhost:${pictures.port}/a.png`]) {
      const res = await strict.client.storeFromUrl({ userId: 'ssrf_user', url });
      expect(res.identicon).toBe(true);
      expect((await stored(strict.client, res.avatarId)).equals(identicon('ssrf_user'))).toBe(true);
    }
    expect(pictures.requests).toHaveLength(0);
  });

  it('refuses HTML served as image/png', async () => {
    const { pictures, client } = await setup((_req, res) => {
      res.setHeader('content-type', 'image/png');
      res.end('<html><script>alert(document.cookie)</script></html>');
    });
    const res = await client.storeFromUrl({ userId: 'html_user', url: pictures.url('/x.png') });
    expect(res.identicon).toBe(true);
    expect((await stored(client, res.avatarId)).equals(identicon('html_user'))).toBe(true);
  });

  it('refuses an SVG, which could carry script', async () => {
    const { pictures, client } = await setup((_req, res) => {
      res.setHeader('content-type', 'image/svg+xml');
      res.end('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>');
    });
    expect((await client.storeFromUrl({ userId: 'svg_user', url: pictures.url('/x.svg') })).identicon).toBe(true);
  });

  it('refuses a decompression bomb (144 Mi pixels in ~20 KiB)', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(100_000);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 12_000, 12_000]);
    const { pictures, client } = await setup((_req, res) => res.end(bomb));
    expect((await client.storeFromUrl({ userId: 'bomb_user', url: pictures.url('/b.png') })).identicon).toBe(true);
  });

  it('refuses a 30 MiB body, declared or streamed', async () => {
    const mib = Buffer.alloc(1024 * 1024, 0x41);
    const { pictures, client } = await setup((req, res) => {
      if (req.url === '/declared') res.setHeader('content-length', String(30 * mib.length));
      res.write(validPng);
      let sent = 0;
      const pump = () => {
        while (sent < 30 && res.write(mib)) sent++;
        if (sent >= 30) res.end();
        else res.once('drain', pump);
      };
      pump();
      res.on('error', () => {});
    });
    for (const path of ['/declared', '/streamed']) {
      expect((await client.storeFromUrl({ userId: 'big_user', url: pictures.url(path) })).identicon).toBe(true);
    }
  });

  it('refuses a redirect to 127.0.0.1, checked on every hop', async () => {
    const target = await pictureServer((_req, res) => res.end(validPng));
    stops.push(target.close);
    const { pictures, client } = await setup((req, res) => {
      const to = req.url === '/by-name' ? `http://localhost:${target.port}/a.png` : target.url('/a.png');
      res.writeHead(302, { location: to }).end();
    });
    for (const path of ['/by-ip', '/by-name']) {
      expect((await client.storeFromUrl({ userId: 'redir_user', url: pictures.url(path) })).identicon).toBe(true);
    }
    expect(pictures.requests).toHaveLength(2);
    expect(target.requests).toHaveLength(0);
  });

  it('follows a redirect to another allowed host, without the bearer token', async () => {
    const target = await pictureServer((_req, res) => res.end(validPng));
    stops.push(target.close);
    const first = await pictureServer((_req, res) => res.writeHead(302, { location: target.url('/a.png') }).end());
    stops.push(first.close);
    const svc = await startTestService(
      testConfig({ store: storeDir, allowPrivateHosts: [first.hostPort, target.hostPort] }),
    );
    stops.push(svc.stop);
    const res = await svc.client.storeFromUrl({ userId: 'hop_user', url: first.url('/x'), bearerToken: 'secret' });
    expect(res.identicon).toBe(false);
    expect(first.requests[0]?.headers.authorization).toBe('Bearer secret');
    expect(target.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('gives up on a slow server after the timeout and its retries', async () => {
    const { pictures, client } = await setup(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(validPng.subarray(0, 16)); // then nothing: a server that hangs mid-body
      },
      { fetchTimeoutMs: 300, fetchAttempts: 2, fetchRetryDelayMs: 10 },
    );
    const res = await client.storeFromUrl({ userId: 'slow_user', url: pictures.url('/slow.png') });
    expect(res.identicon).toBe(true);
    expect(pictures.requests).toHaveLength(2);
  });

  it('retries a transport error and then stores the picture', async () => {
    let calls = 0;
    const { pictures, client } = await setup((req, res) => {
      calls++;
      if (calls === 1) req.socket.destroy();
      else res.end(validPng);
    });
    const res = await client.storeFromUrl({ userId: 'retry_user', url: pictures.url('/r.png') });
    expect(res.identicon).toBe(false);
    expect(calls).toBe(2);
  });

  it('falls back on a non-200 answer and on a non-http URL', async () => {
    const { pictures, client } = await setup((_req, res) => res.writeHead(404).end());
    expect((await client.storeFromUrl({ userId: 'u404', url: pictures.url('/none') })).identicon).toBe(true);
    expect((await client.storeFromUrl({ userId: 'ufile', url: 'file:///etc/passwd' })).identicon).toBe(true);
    expect(pictures.requests).toHaveLength(1);
  });
});
