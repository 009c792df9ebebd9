// Every route's other methods get the one 405 (issue 44: the route kit answers them, no route file
// does): its Allow naming what the route serves, `{"error":"method not allowed"}`, and the headers of
// the route's router (go-pkgz's CSP and nosniff, no-store where answers carry user data). A gateway is
// composed in-process as `pnpm start` composes it; a 405 comes before any call, so the gRPC addresses
// lead nowhere.
import { createLogger } from '@gatehouse/logger';
import { loadGatewayConfig } from '../src/config';
import { type RunningGateway, startGateway } from '../src/gateway';

let gateway: RunningGateway;

beforeAll(async () => {
  const config = loadGatewayConfig({
    AUTH_SECRET: 'x'.repeat(32),
    AUTH_LOGIN_HANDLERS: 'telegram=127.0.0.1:9',
    GATEWAY_PORT: '0',
    ADMIN_ADDR: '127.0.0.1:0',
    AUTH_GRPC_ADDR: '127.0.0.1:9',
    AVATAR_GRPC_ADDR: '127.0.0.1:9',
    PAYMENT_GRPC_ADDR: '127.0.0.1:9',
    LOG_LEVEL: 'silent',
  });
  gateway = await startGateway(config, createLogger({ name: 'method-answers', level: 'silent' }));
});

afterAll(async () => {
  await gateway?.stop();
});

const CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";
const REFUSED = JSON.stringify({ error: 'method not allowed' });

interface Answer {
  status: number;
  allow: string | null;
  csp: string | null;
  cache: string | null;
  body: string;
}

async function send(port: number, method: string, path: string): Promise<Answer> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, redirect: 'manual' });
  const h = res.headers;
  return {
    status: res.status,
    allow: h.get('allow'),
    csp: h.get('content-security-policy'),
    cache: h.get('cache-control'),
    body: await res.text(),
  };
}

const refused = (allow: string, cache: string | null = 'no-store'): Answer => ({
  status: 405,
  allow,
  csp: CSP,
  cache,
  body: REFUSED,
});

const noTotpRoute: Answer = {
  status: 404,
  allow: null,
  csp: CSP,
  cache: 'no-store',
  body: JSON.stringify({ error: 'no such TOTP route' }),
};

const PUBLIC: [string, string, Answer][] = [
  ['PUT', '/auth/sessions', refused('GET, HEAD')],
  ['GET', '/auth/sessions/revoke-others', refused('POST')],
  ['POST', '/auth/sessions/0123456789abcdef', refused('DELETE')],
  ['POST', '/auth/identities', refused('GET, HEAD')],
  ['GET', '/auth/identities/dev_x', refused('DELETE')],
  ['DELETE', '/auth/me/export', refused('GET, HEAD')],
  ['POST', '/auth/events', refused('GET, HEAD')],
  ['DELETE', '/auth/device', refused('GET, HEAD, POST')],
  ['PATCH', '/auth/totp', refused('GET, DELETE')],
  ['PUT', '/auth/totp/', refused('GET, DELETE')],
  ['GET', '/auth/totp/setup', refused('POST')],
  ['DELETE', '/auth/totp/activate', refused('POST')],
  ['GET', '/auth/totp/recovery-codes', refused('POST')],
  ['GET', '/auth/totp/verify/', refused('POST')],
  ['GET', '/auth/totp/nope', noTotpRoute],
  // The TOTP paths are literal: another case is no route of theirs.
  ['GET', '/auth/totp/SETUP', noTotpRoute],
  ['PUT', '/auth/dev/login', refused('GET, POST', null)],
  ['DELETE', '/auth/dev/callback', refused('GET, POST', null)],
  ['GET', '/auth/dev/link', refused('POST', null)],
  ['PUT', '/auth/telegram/login', refused('GET, POST', null)],
  ['PATCH', '/auth/passkey/list', refused('GET, POST', null)],
  ['POST', `/avatar/${'0'.repeat(40)}.image`, refused('GET, HEAD', null)],
];

const ADMIN: [string, string, Answer][] = [
  ['PUT', '/admin/v1/users', refused('GET, HEAD, POST')],
  ['PATCH', '/admin/v1/users/dev_x', refused('GET, HEAD, DELETE')],
  ['GET', '/admin/v1/users/dev_x/block', refused('POST')],
  ['GET', '/admin/v1/users/dev_x/unblock', refused('POST')],
  ['GET', '/admin/v1/users/dev_x/sessions/end', refused('POST')],
  ['GET', '/admin/v1/users/dev_x/identities/dev_y', refused('DELETE')],
  ['POST', '/admin/v1/users/dev_x/export', refused('GET, HEAD')],
  ['PUT', '/admin/v1/events', refused('GET, HEAD')],
  ['PUT', '/admin/v1/webhooks', refused('GET, HEAD, POST')],
  ['POST', '/admin/v1/webhooks/wh_x', refused('GET, HEAD, PATCH, DELETE')],
  ['GET', '/admin/v1/webhooks/wh_x/enable', refused('POST')],
  ['GET', '/admin/v1/webhooks/wh_x/disable', refused('POST')],
  ['GET', '/admin/v1/webhooks/wh_x/rotate-secret', refused('POST')],
  ['POST', '/admin/v1/webhooks/wh_x/deliveries', refused('GET, HEAD')],
  ['GET', '/admin/v1/webhooks/wh_x/deliveries/1/retry', refused('POST')],
  ['GET', '/admin/v1/cards/1/loads/2/reverse', refused('POST')],
  ['POST', '/admin/v1/disputes/unmatched', refused('GET, HEAD')],
];

test.each(PUBLIC)('public: %s %s', async (method, path, expected) => {
  expect(await send(gateway.port, method, path)).toEqual(expected);
});

test.each(ADMIN)('admin: %s %s', async (method, path, expected) => {
  expect(await send(gateway.adminPort as number, method, path)).toEqual(expected);
});

test('a HEAD the route does not serve is a 405 too, with no body', async () => {
  expect(await send(gateway.port, 'HEAD', '/auth/dev/login')).toEqual({ ...refused('GET, POST', null), body: '' });
});
