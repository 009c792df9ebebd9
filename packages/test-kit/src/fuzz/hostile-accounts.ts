// Seeded hostile requests for the routes that came after the first fuzz suite (hostile.ts): password
// accounts, passkeys, TOTP, sessions and identities, organisations and invitations, connected
// applications, the device page, card statements and limits, the OpenID provider's endpoints, and the
// admin listener's API. Bodies are shaped like each route's own (the right names with the wrong values:
// other types, huge, NUL, CRLF, prototype keys), so requests get past the first parse and reach the
// checks behind it. Used by gateway/test/fuzz-accounts.test.ts; the same seed replays the same inputs.
import { forgedTokens, type Gen, hostileHeaders, METHODS } from './hostile';

export interface AccountCredentials {
  cookie: string;
  xsrf: string;
  /** The session's JWT, the base of forged ones. */
  token: string;
  cardId: number;
  /** An organisation the fuzzer made, and a user who is not the fuzzer (admin calls may block or erase them). */
  orgId: string;
  otherUserId: string;
  /** A confidential OpenID client the fuzzer registered, for token requests that authenticate. */
  clientId: string;
  clientSecret: string;
  /** A workload token of the operator for the admin listener. */
  operatorToken: string;
}

export interface AccountsRequest {
  /** Which listener: the public gateway or the admin one. */
  listener: 'public' | 'admin';
  method: string;
  path: string;
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

const HOSTILE_STRINGS = (g: Gen): unknown[] => [
  '',
  ' ',
  'a@b.c',
  'Ada@Example.com',
  'x@y.z\r\nBcc: victim@example.com',
  `${'a'.repeat(70)}@${'b'.repeat(200)}.com`,
  'not an address',
  'a\u0000b@example.com',
  'correct horse battery staple',
  'x'.repeat(100_000),
  '\ud83d\ude00'.repeat(300),
  'password',
  12345,
  -1,
  1e308,
  true,
  null,
  [],
  ['a@b.c'],
  {},
  { $ne: null },
  { __proto__: { admin: true } },
  g.text(40),
];

const NAMES = [
  'email',
  'password',
  'current_password',
  'name',
  'captcha',
  'token',
  'code',
  'role',
  'user_id',
  'id',
  'credential',
  'response',
  'recovery_code',
  'user_code',
  'reason',
  'url',
  'event_types',
  'metadata',
  'amount',
  'limit_cents',
  'window',
  'tier',
  'rules',
  'evidence',
  '__proto__',
  'constructor',
];

/** A JSON object of some of the routes' own field names, each given a hostile value. */
function shapedJson(g: Gen): Buffer {
  const values = HOSTILE_STRINGS(g);
  const obj: Record<string, unknown> = {};
  const n = 1 + g.int(5);
  for (let i = 0; i < n; i++) obj[g.pick(NAMES)] = g.pick(values);
  // JSON.stringify drops a __proto__ key set as above; write one that reaches the server's parser.
  const text = JSON.stringify(obj);
  return Buffer.from(g.chance(0.1) ? `{"__proto__":{"role":"admin"},${text.slice(1)}` : text);
}

/** An OAuth form: real grant types and parameter names with forged, duplicated or absurd values. */
function oauthForm(g: Gen, c: AccountCredentials): Buffer {
  const grant = g.pick([
    'refresh_token',
    'authorization_code',
    'client_credentials',
    'urn:ietf:params:oauth:grant-type:device_code',
    'password',
    'implicit',
    '',
    g.text(20),
  ]);
  const fields = [
    `grant_type=${encodeURIComponent(grant)}`,
    `refresh_token=${encodeURIComponent(g.pick([g.text(43), 'x'.repeat(5000), c.token, '']))}`,
    `code=${encodeURIComponent(g.pick([g.text(43), '', c.token]))}`,
    `redirect_uri=${encodeURIComponent(g.pick(['https://evil.example.com/cb', 'javascript:alert(1)', '', g.text(30)]))}`,
    `code_verifier=${encodeURIComponent(g.text(80))}`,
    `device_code=${encodeURIComponent(g.text(43))}`,
    `token=${encodeURIComponent(g.pick([c.token, g.text(43), '']))}`,
    `client_id=${encodeURIComponent(g.pick([c.clientId, 'nosuch', '', g.text(20)]))}`,
    `scope=${encodeURIComponent(g.pick(['openid', 'openid profile email offline_access', 'admin', g.text(30)]))}`,
    `client_assertion_type=${encodeURIComponent('urn:ietf:params:oauth:client-assertion-type:jwt-bearer')}`,
    `client_assertion=${encodeURIComponent(g.pick(forgedTokens(g, c.token)))}`,
    `resource=${encodeURIComponent(g.pick(['https://api.example.com', 'not a url', '']))}`,
  ];
  const chosen = fields.filter(() => g.chance(0.5));
  if (g.chance(0.1)) chosen.push(chosen[0] ?? 'grant_type=x'); // a parameter twice
  return Buffer.from(chosen.join('&'));
}

/** A route's path with hostile parts, and the methods it takes (others are tried now and then). */
type Route = [methods: string, path: string];

function publicRoute(g: Gen, c: AccountCredentials): Route {
  const id = () => g.pick([c.orgId, 'A'.repeat(26), g.text(26), '0', '%00', '..', 'x'.repeat(300)]);
  const user = () => g.pick([c.otherUserId, 'dev_nosuch', g.text(20), '%2e%2e']);
  const month = g.pick(['2026-11', '2026-13', '1969-12', '9999-01', '2026-1', 'abc', '%00', '2026-11-01']);
  const card = g.pick([String(c.cardId), '0', '-1', '99999999999999999999', 'abc']);
  return g.pick<Route>([
    [
      'POST',
      `/auth/password/${g.pick(['signup', 'verify', 'login', 'reset/start', 'reset/complete', 'change', 'email', 'add', 'x'])}`,
    ],
    [
      'POST',
      `/auth/passkey/${g.pick(['register/options', 'register/verify', 'remove', 'login/options', 'login/verify'])}`,
    ],
    ['GET', '/auth/passkey/list'],
    ['GET DELETE', '/auth/totp'],
    ['POST', `/auth/totp/${g.pick(['setup', 'activate', 'verify', 'recovery-codes', 'x'])}`],
    ['GET', '/auth/sessions'],
    ['POST', '/auth/sessions/revoke-others'],
    ['DELETE', `/auth/sessions/${g.pick([g.text(22), 'A'.repeat(22), '%00'])}`],
    ['GET', '/auth/events'],
    ['GET', '/auth/identities'],
    ['DELETE', `/auth/identities/${g.pick([g.text(30), 'dev_fuzzer', c.otherUserId])}`],
    ['GET', '/auth/me/export'],
    ['GET POST', '/auth/device'],
    ['GET', '/device'],
    ['GET', '/auth/grants'],
    ['DELETE', `/auth/grants/${g.text(26)}`],
    ['GET POST', `/auth/orgs${g.pick(['', '?limit=-1', '?after=%zz', `?limit=${'9'.repeat(30)}`])}`],
    ['GET', `/auth/orgs/${id()}/members`],
    ['POST', `/auth/orgs/${id()}/${g.pick(['invitations', 'leave', 'transfer', 'switch'])}`],
    ['PUT DELETE', `/auth/orgs/${id()}/members/${user()}`],
    ['DELETE', `/auth/orgs/${id()}/invitations/${g.text(26)}`],
    ['POST', `/auth/invitations/${g.pick([g.text(43), 'x'.repeat(3000), ''])}/accept`],
    ['GET', `/cards/${card}/statements/${month}`],
    ['GET', `/cards/${card}/limits`],
    ['POST', `/oidc/${g.pick(['token', 'token/introspection', 'token/revocation', 'device/auth', 'reg'])}`],
    [
      'GET POST',
      `/oidc/${g.pick(['auth', 'me', 'session/end', 'device'])}?${g.pick(['client_id=x&response_type=code&scope=openid', `client_id=${c.clientId}&redirect_uri=https%3A%2F%2Fevil.example.com&response_type=code`, `request=${c.token}`, 'prompt=none', ''])}`,
    ],
    ['GET', '/oidc/jwks'],
    [
      'GET POST',
      `/oidc/interaction/${g.pick([g.text(21), 'x'.repeat(2000), '..'])}${g.pick(['', '/login', '/confirm', '/abort'])}`,
    ],
    [
      'GET',
      `/.well-known/${g.pick(['openid-configuration', 'oauth-authorization-server', 'oauth-protected-resource/mcp', 'jwks.json', 'x'])}`,
    ],
  ]);
}

function adminRoute(g: Gen, c: AccountCredentials): Route {
  const user = g.pick([c.otherUserId, 'dev_nosuch', g.text(20), '%00', 'x'.repeat(500)]);
  const some = () => g.pick(['1', '0', '-1', 'abc', g.text(26), '99999999999999999999', '%2f']);
  return g.pick<Route>([
    ['GET POST', `/admin/v1/users${g.pick(['', '?limit=0', '?query=%25', '?status=x', '?cursor=%zz'])}`],
    ['GET DELETE', `/admin/v1/users/${user}`],
    ['POST', `/admin/v1/users/${user}/${g.pick(['password-reset', 'block', 'unblock', 'sessions/end'])}`],
    ['GET', `/admin/v1/users/${user}/export`],
    ['GET PUT DELETE', `/admin/v1/users/${user}/limit-tier`],
    ['DELETE', `/admin/v1/users/${user}/identities/${some()}`],
    ['POST', '/admin/v1/users/import'],
    ['GET POST', '/admin/v1/webhooks'],
    ['GET PATCH DELETE', `/admin/v1/webhooks/${some()}`],
    ['POST', `/admin/v1/webhooks/${some()}/${g.pick(['disable', 'enable', 'rotate-secret'])}`],
    ['GET', `/admin/v1/webhooks/${some()}/deliveries?limit=${some()}`],
    ['POST', `/admin/v1/webhooks/${some()}/deliveries/${some()}/retry`],
    ['GET POST', '/admin/v1/clients'],
    ['GET PUT PATCH DELETE', `/admin/v1/clients/${g.pick([c.clientId, some()])}`],
    ['POST', `/admin/v1/clients/${some()}/rotate-secret`],
    ['GET POST', '/admin/v1/orgs'],
    ['GET PATCH DELETE', `/admin/v1/orgs/${g.pick([c.orgId, some()])}`],
    ['GET', `/admin/v1/orgs/${c.orgId}/members`],
    ['PUT DELETE', `/admin/v1/orgs/${g.pick([c.orgId, some()])}/members/${user}`],
    ['DELETE', `/admin/v1/orgs/${some()}/invitations/${some()}`],
    [
      'GET',
      `/admin/v1/events?${g.pick(['limit=5', 'limit=-1', 'from=yesterday', `type=${g.text(10)}`, 'cursor=%zz'])}`,
    ],
    ['GET', `/admin/v1/cards${g.pick(['', `/${some()}`, `?owner=${g.text(10)}`])}`],
    ['POST', `/admin/v1/cards/${some()}/loads/${some()}/reverse`],
    ['GET', `/admin/v1/disputes${g.pick(['', '/unmatched', '?status=x'])}`],
    ['POST', `/admin/v1/disputes/${some()}/${g.pick(['evidence', 'accept', 'finalize'])}`],
    ['GET', '/admin/v1/reconciliation'],
    ['POST', '/admin/v1/reconciliation/run'],
    ['GET', '/admin/v1/limit-policies'],
    [
      'PUT DELETE',
      `/admin/v1/limit-policies/${g.pick(['default', 'tier:gold', some()])}/${g.pick(['day', 'month', 'hour', some()])}`,
    ],
    ['GET POST', '/admin/v1/velocity-rules'],
    ['GET PUT DELETE', `/admin/v1/velocity-rules/${g.text(12)}`],
    ['GET', '/admin/v1/velocity/reviews'],
    ['POST', `/admin/v1/velocity/reviews/${some()}/resolve`],
    ['GET', '/admin/v1/overview'],
    ['GET', '/admin/v1/openapi.json'],
    ['GET', `/${g.pick(['', 'users.js', 'vendor/uPlot.esm.js', '../etc/passwd', g.text(10)])}`],
  ]);
}

/** One hostile request at a newer route of the public gateway, or at the admin listener. */
export function hostileAccountsRequest(g: Gen, c: AccountCredentials): AccountsRequest {
  const admin = g.chance(0.3);
  const headers = hostileHeaders(g, c);
  // Half of them with the good credentials, so most reach the checks behind authentication.
  if (!admin && g.chance(0.5)) {
    headers.cookie = c.cookie;
    headers['x-xsrf-token'] = c.xsrf;
  }
  if (admin && g.chance(0.7)) {
    headers.authorization = g.pick([
      `Bearer ${c.operatorToken}`,
      `Bearer ${c.operatorToken}`,
      `Bearer ${c.operatorToken}`,
      `Bearer ${c.operatorToken}`,
      `Bearer ${c.operatorToken.slice(0, -4)}AAAA`,
      `Bearer ${g.pick(forgedTokens(g, c.operatorToken))}`,
      `Basic ${Buffer.from('admin:admin-password-for-fuzzing').toString('base64')}`,
    ]);
  }
  const [methods, routePath] = admin ? adminRoute(g, c) : publicRoute(g, c);
  let path = routePath;
  if (g.chance(0.1)) path = path.replace(/\/([a-z])/, (_m, ch: string) => `/%${ch.charCodeAt(0).toString(16)}`);
  if (g.chance(0.05)) path += g.pick(['/', '/..', '%00', '?%zz', '?a=1&a=2']);
  path = path.replace(/[^\x21-\x7e]/gu, (ch) => encodeURIComponent(ch));
  const oidc = path.startsWith('/oidc/');
  if (g.chance(0.5)) headers['content-type'] = oidc ? 'application/x-www-form-urlencoded' : 'application/json';
  if (oidc && g.chance(0.3))
    headers.authorization = `Basic ${Buffer.from(`${c.clientId}:${g.pick([c.clientSecret, 'wrong', ''])}`).toString('base64')}`;
  const body = g.chance(0.15) ? undefined : oidc ? oauthForm(g, c) : shapedJson(g);
  // Mostly the methods the route takes, so few requests end at a 405.
  const method = g.chance(0.85) ? g.pick(methods.split(' ')) : g.pick(METHODS);
  return { listener: admin ? 'admin' : 'public', method, path, headers, body };
}
