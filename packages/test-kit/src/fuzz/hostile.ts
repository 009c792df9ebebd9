// Seeded generators of hostile HTTP requests for the fuzz suite: every value comes from one PRNG, so a
// seed replays the very same inputs (FUZZ_SEED=<seed> pnpm test gateway/test/fuzz).

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Gen {
  constructor(readonly next: () => number) {}
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }
  text(max: number, alphabet = 'abcXYZ019-_.~%/;:@!$&\'()*+,=?#[]\\ \u0000\u00e9\u2028\ud83d\ude00"<>'): string {
    // By code point: half of a surrogate pair would not even encode.
    const chars = Array.from(alphabet);
    const n = this.int(max + 1);
    let s = '';
    for (let i = 0; i < n; i++) s += chars[this.int(chars.length)];
    return s;
  }
}

export interface Credentials {
  cookie: string;
  xsrf: string;
  token: string;
  /** A card of this user, for the payment routes. */
  cardId: number;
}

export interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

export const METHODS = [
  'GET',
  'GET',
  'GET',
  'POST',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'HEAD',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
  'FOO',
];
const PROVIDERS = ['dev', 'github', 'nosuch', '..', '%2e%2e', 'dev%00', 'a'.repeat(300), 'admin', 'DEV', 'local'];
const ACTIONS = ['login', 'callback', 'logout', 'x', '', 'login/extra'];
const FROMS = [
  'https://evil.example.com/',
  '//evil.example.com',
  '/\\evil.example.com',
  'javascript:alert(1)',
  'http://127.0.0.1:6666/x',
  '/ok?x=1',
  '%0d%0aSet-Cookie:%20x=1',
  'data:text/html,<script>',
  'http://user:pw@127.0.0.1/',
];
const TYPES = [
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  '',
  'application/json, text/plain',
];
const ENCODINGS = ['gzip', 'br', 'deflate', 'xyz', 'identity', 'gzip, br'];

/** A session token and forgeries of it: no signature, another algorithm, a changed payload, junk. */
export function forgedTokens(g: Gen, good: string): string[] {
  const [h, p, s] = good.split('.') as [string, string, string];
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return [
    good,
    `${good}=`,
    `${h}.${p}.`,
    `${b64({ alg: 'none' })}.${p}.`,
    `${b64({ alg: 'HS512' })}.${p}.${s}`,
    `${b64({ alg: 'RS256' })}.${p}.${s}`,
    `${h}.${b64({ user: { name: 'x', id: 'dev_x' }, aud: 'constructor', exp: 9e9 })}.${s}`,
    `${h}.${b64({ auth_time: 'x', exp: 'y' })}.${s}`,
    `${h}.${p.slice(0, -2)}.${s}`,
    g.text(40),
    'a.b.c',
    '....',
    'x'.repeat(9000),
  ];
}

function hostilePath(g: Gen, c: Credentials, avatarRoute: string): string {
  const card = g.pick([String(c.cardId), '0', '-1', '99999999999999999999', 'abc', '%00', '1e3', '1.0']);
  const base = g.pick([
    '/auth/user',
    '/auth/status',
    '/auth/list',
    '/auth/logout',
    `/auth/${g.pick(PROVIDERS)}/${g.pick(ACTIONS)}`,
    // Sessions per device: never a session of the fuzzer's own (an id is 22 base64url characters).
    '/auth/sessions',
    `/auth/sessions/${g.pick(['A'.repeat(22), g.text(22), 'revoke-others', '%00', 'x'.repeat(300)])}`,
    `${avatarRoute}/${g.pick(['0'.repeat(40), 'f'.repeat(39), '../etc/passwd', g.text(50)])}.image`,
    `${avatarRoute}/${g.text(30)}`,
    '/tokens/',
    '/cards/',
    `/cards/${card}/load/`,
    `/cards/${card}/loads/`,
    `/cards/${card}`,
    `/cards/${card}/loads/${g.pick(['1', '0', 'abc', '99999999999999999999', '%00'])}/reverse`,
    `/payment/webhooks/braintree${g.pick(['', `?bt_challenge=${g.pick(['0123456789abcdef0123', g.text(40), '', 'a&bt_challenge=b'])}`])}`,
    '/app/x',
    '/app/admin/x',
    '/',
    '/app.js',
    `/${g.text(20)}`,
  ]);
  let path = base;
  switch (g.int(10)) {
    case 0:
      path = path.replace(/[a-z]/, (ch) => `%${ch.charCodeAt(0).toString(16)}`);
      break;
    case 1:
      path = path.replace('/', g.pick(['//', '/./', '/../', '/%2e%2e/', '/%2f', '\\', '/;x/', '/%25', '/%zz']));
      break;
    case 2:
      path += g.pick(['/..', '/.', '%00', '%', '/%c0%af', `/${'a'.repeat(5000)}`, '?', '#frag']);
      break;
    default:
  }
  const query: string[] = [];
  if (g.chance(0.3)) query.push(`from=${encodeURIComponent(g.pick(FROMS))}`);
  if (g.chance(0.2))
    query.push(`site=${encodeURIComponent(g.pick(['gatehouse', 'SITE-A', '', '__proto__', g.text(10)]))}`);
  if (g.chance(0.15)) query.push(`token=${encodeURIComponent(g.pick(forgedTokens(g, c.token)))}`);
  if (g.chance(0.1)) query.push(`token[]=x&session=${g.pick(['0', '1', 'false', 'x'])}&noava=1`);
  if (g.chance(0.05)) query.push(g.text(100));
  // Node refuses to send a path with raw spaces or control characters; encode what it would refuse.
  const full = query.length ? `${path}?${query.join('&')}` : path;
  return full.replace(/[^\x21-\x7e]/gu, (ch) => encodeURIComponent(ch));
}

function hostileBody(g: Gen): Buffer | undefined {
  switch (g.int(10)) {
    case 0:
      return undefined;
    case 1:
      return Buffer.from(
        JSON.stringify({
          name: g.text(30),
          nonce: g.pick(['fake-valid-nonce', g.text(10)]),
          amount: g.pick(['1.00', '10', '-1', '1e3', '0.001', '450.00', 5, null]),
        }),
      );
    case 2:
      return Buffer.from('{"name":"a\\u0000b","amount":"1.00","nonce":"fake-valid-nonce"}');
    case 3:
      return Buffer.from(`{"name":${'['.repeat(g.int(3000))}`);
    case 4:
      return g.bytes(g.int(2048));
    case 5:
      return Buffer.from(`code=${g.text(20)}&state=${g.text(20)}&user=${g.text(10)}&passwd=${g.text(10)}`);
    case 6:
      return Buffer.alloc(20_000 + g.int(80_000), 'a');
    case 7:
      return Buffer.from('{"__proto__":{"admin":true},"constructor":{"prototype":{}},"name":"p"}');
    case 8: // Braintree's notification form, with a made-up signature or payload
      return Buffer.from(
        `bt_signature=${g.pick(['dev_public|0', g.text(50), '|', ''])}&bt_payload=${g.pick([
          Buffer.from('<notification><kind>dispute_opened</kind></notification>').toString('base64'),
          g.text(100),
          '%zz',
          '',
        ])}`,
      );
    default:
      return Buffer.from(g.text(200));
  }
}

/** A request's headers: a valid session or a forged one, or none; odd types, encodings and sizes. */
export function hostileHeaders(g: Gen, c: Pick<Credentials, 'cookie' | 'xsrf' | 'token'>): HostileRequest['headers'] {
  const headers: Record<string, string | string[]> = {};
  switch (g.int(6)) {
    case 0: // a valid cookie session with its XSRF header
      headers.cookie = c.cookie;
      headers['x-xsrf-token'] = c.xsrf;
      break;
    case 1: // the cookie without XSRF, or a forged one
      headers.cookie = g.chance(0.5) ? c.cookie : `JWT=${g.pick(forgedTokens(g, c.token))}; XSRF-TOKEN=x`;
      if (g.chance(0.5)) headers['x-xsrf-token'] = g.pick([c.xsrf, 'wrong', '']);
      break;
    case 2:
      headers['x-jwt'] = g.pick(forgedTokens(g, c.token));
      break;
    case 3:
      headers.authorization = g.pick([
        `Basic ${Buffer.from('admin:wrong-password-x').toString('base64')}`,
        `Basic ${Buffer.from('no-colon').toString('base64')}`,
        'Basic !!!',
        `Bearer ${c.token}`,
        'Basic',
      ]);
      break;
    default:
  }
  if (g.chance(0.4)) headers['content-type'] = g.pick(TYPES);
  if (g.chance(0.1)) headers['content-encoding'] = g.pick(ENCODINGS);
  if (g.chance(0.05)) headers['x-big'] = 'b'.repeat(g.pick([1000, 8000, 15000]));
  if (g.chance(0.05)) headers['x-dup'] = Array.from({ length: 50 }, (_, i) => `v${i}`);
  if (g.chance(0.05)) headers['x-forwarded-for'] = g.pick(['1.2.3.4', 'garbage', '::1, 10.0.0.1', '']);
  if (g.chance(0.05)) headers['idempotency-key'] = g.pick(['k1', g.text(300), '']);
  if (g.chance(0.05)) headers.x_gatehouse_user = Buffer.from('{"name":"x","id":"admin"}').toString('base64url');
  return headers;
}

/** One hostile request against any route, with or without a valid session. */
export function hostileRequest(g: Gen, c: Credentials, avatarRoute: string): HostileRequest {
  const headers = hostileHeaders(g, c);
  return { method: g.pick(METHODS), path: hostilePath(g, c, avatarRoute), headers, body: hostileBody(g) };
}

/** Raw bytes that are not quite HTTP, for a socket of their own. */
export function malformedHttp(g: Gen): Buffer {
  return Buffer.from(
    g.pick([
      'GET / HTTP/1.1\r\n\r\n',
      'GET /auth/user HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      'POST /cards/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      'POST /cards/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'GET /\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
      'G\u00e9T / HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET / HTTP/9.9\r\nHost: x\r\n\r\n',
      `GET / HTTP/1.1\r\nHost: x\r\nX: ${'a'.repeat(70_000)}\r\n\r\n`,
      'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
      'GET / HTTP/1.1\nHost: x\n\n',
      `X${g.text(100)}\r\n\r\n`,
      'GET /auth/user HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n',
      'GET /auth/user HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    ]),
    'latin1',
  );
}
