// The token endpoint's lane (gateway/src/lanes/oidc-token.ts) answers exactly as Koa's route does: the
// same requests, once to the stack's gateway (which takes POST /oidc/token before Koa) and once to a
// gateway logging at debug (where every request takes Koa's route), give the same status, the same
// headers and the same kind of body; and what the lane leaves to Koa (another type, a chunked body, a
// query) is still answered.
import http from 'node:http';
import { type OidcStack, startOidcStack } from './oidc-stack';

let s: OidcStack;
let koaOnly: { url: string; stop(): Promise<void> };
let client: { clientId: string; clientSecret?: string };

beforeAll(async () => {
  s = await startOidcStack();
  koaOnly = await s.stack.addGateway({ env: { LOG_LEVEL: 'debug' } });
  client = await s.registerClient({
    grant_types: ['client_credentials'],
    response_types: [],
    redirect_uris: [],
    scope: 'read',
  });
}, 120_000);

afterAll(async () => {
  await koaOnly?.stop();
  await s?.stop();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A POST as a client sends it: a declared length, or chunked when `chunked`. */
function post(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string>,
  chunked = false,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: 'POST',
        headers: chunked ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    if (chunked) req.write(body.slice(0, 5));
    req.end(chunked ? body.slice(5) : body);
  });
}

const FORM = 'application/x-www-form-urlencoded';
/** What differs between any two answers: the date, the request's id, the framing. */
const VARYING = new Set(['date', 'x-request-id', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']);
const stable = (h: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).filter(([name]) => !VARYING.has(name)));
const basic = () => `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;

it('gives a client_credentials token with the headers Koaʼs route gives', async () => {
  const body = 'grant_type=client_credentials&scope=read';
  const lane = await post(s.stack.url, '/oidc/token', body, { 'content-type': FORM, authorization: basic() });
  const koa = await post(koaOnly.url, '/oidc/token', body, { 'content-type': FORM, authorization: basic() });
  expect(lane.status).toBe(200);
  expect(koa.status).toBe(200);
  expect(stable(lane.headers)).toEqual(stable(koa.headers));
  expect(lane.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  expect(lane.headers['x-content-type-options']).toBe('nosniff');
  expect(Object.keys(JSON.parse(lane.body)).sort()).toEqual(Object.keys(JSON.parse(koa.body)).sort());
  expect(JSON.parse(lane.body)).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
});

it('refuses a wrong secret, a missing grant and a bad grant as Koaʼs route does', async () => {
  const wrong = `Basic ${Buffer.from(`${client.clientId}:nope`).toString('base64')}`;
  const cases: [string, Record<string, string>][] = [
    ['grant_type=client_credentials', { 'content-type': FORM, authorization: wrong }],
    ['scope=read', { 'content-type': FORM, authorization: basic() }],
    ['grant_type=refresh_token&refresh_token=forged', { 'content-type': FORM, authorization: basic() }],
    ['grant_type=authorization_code&code=%ZZ', { 'content-type': FORM, authorization: basic() }],
  ];
  for (const [body, headers] of cases) {
    const lane = await post(s.stack.url, '/oidc/token', body, headers);
    const koa = await post(koaOnly.url, '/oidc/token', body, headers);
    expect([body, lane.status]).toEqual([body, koa.status]);
    expect(lane.status).toBeGreaterThanOrEqual(400);
    expect(lane.status).toBeLessThan(500);
    expect(stable(lane.headers)).toEqual(stable(koa.headers));
    expect(JSON.parse(lane.body).error).toBe(JSON.parse(koa.body).error);
  }
});

it('refuses keys holding a NUL (a client id, a token), which Postgres cannot hold, with a 4xx (found by fuzzing)', async () => {
  const cases: [string, string, Record<string, string>][] = [
    ['/oidc/token', 'grant_type=refresh_token&refresh_token=a%00b', { authorization: basic() }],
    ['/oidc/token', 'grant_type=client_credentials&client_id=%00x', {}],
    ['/oidc/token/introspection', 'token=&client_id=%00%25a', {}],
    ['/oidc/token/introspection', 'token=a%00b', { authorization: basic() }],
    ['/oidc/token/revocation', 'token=a%00b', { authorization: basic() }],
  ];
  for (const [path, body, headers] of cases) {
    const answer = await post(s.stack.url, path, body, { 'content-type': FORM, ...headers });
    expect([path, body, answer.status < 500]).toEqual([path, body, true]);
  }
});

it('leaves to Koa what it does not take, which still answers', async () => {
  const body = 'grant_type=client_credentials&scope=read';
  // Chunked (no declared length), another type, a query: Koa's route.
  const chunked = await post(s.stack.url, '/oidc/token', body, { 'content-type': FORM, authorization: basic() }, true);
  expect(chunked.status).toBe(200);
  const json = await post(s.stack.url, '/oidc/token', JSON.stringify({ grant_type: 'client_credentials' }), {
    'content-type': 'application/json',
    authorization: basic(),
  });
  expect(json.status).toBe(400);
  expect(JSON.parse(json.body).error).toBe('invalid_request');
  const query = await post(s.stack.url, '/oidc/token?x=1', body, { 'content-type': FORM, authorization: basic() });
  expect(query.status).toBe(200);
  // A body past the limit is refused before it reaches the provider, whoever answers.
  const big = await post(s.stack.url, '/oidc/token', `grant_type=client_credentials&x=${'a'.repeat(70_000)}`, {
    'content-type': FORM,
    authorization: basic(),
  });
  expect([big.status, JSON.parse(big.body)]).toEqual([413, { error: 'the body is too large' }]);
  const bigChunked = await post(
    s.stack.url,
    '/oidc/token',
    `grant_type=client_credentials&x=${'a'.repeat(70_000)}`,
    { 'content-type': FORM, authorization: basic() },
    true,
  );
  expect([bigChunked.status, JSON.parse(bigChunked.body)]).toEqual([413, { error: 'the body is too large' }]);
});
