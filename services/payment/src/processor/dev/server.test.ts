// The development processor's HTTP edge: credentials before the body, and bodies of at most 1 MiB.
import http from 'node:http';
import { type DevProcessor, startDevProcessor } from './server';

let dev: DevProcessor;
beforeAll(async () => {
  dev = await startDevProcessor();
});
afterAll(() => dev?.close());

const goodAuth = `Basic ${Buffer.from('dev_public:dev_private').toString('base64')}`;

/** Sends headers announcing `declared` bytes (-1: chunked) and `body` (maybe fewer); resolves with the status. */
function post(headers: Record<string, string>, declared: number, body = ''): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${dev.url}/merchants/dev_merchant/transactions`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/xml',
        'X-ApiVersion': '6',
        ...(declared >= 0 ? { 'Content-Length': String(declared) } : {}),
        ...headers,
      },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
    req.setTimeout(3000, () => reject(new Error('no answer within 3 s (was the body awaited?)')));
    req.flushHeaders();
    if (body) req.write(body);
  });
}

it('refuses a request without the credentials before reading its body', async () => {
  // 200 MB announced and none sent: the answer must not wait for it.
  await expect(post({}, 200_000_000)).resolves.toBe(401);
  await expect(post({ Authorization: 'Basic d3Jvbmc6d3Jvbmc=' }, 200_000_000)).resolves.toBe(401);
});

it('refuses a body over 1 MiB with 413, announced or streamed', async () => {
  await expect(post({ Authorization: goodAuth }, 200_000_000)).resolves.toBe(413);
  const big = `{"x":"${'a'.repeat(1024 * 1024)}"}`;
  await expect(post({ Authorization: goodAuth }, -1, big)).resolves.toBe(413);
});
