// A logout must end every copy of the session's token at the gateway that handled it, even with the
// auth service's ended-sessions feed down (auth restarting): past the token's exp a copy is only good
// for a refresh, and the refresh the logout itself made must not be handed out again.
// The other paths are covered end to end (gateway/test/refresh.test.ts, ended-sessions.test.ts).
import http from 'node:http';
import net from 'node:net';
import { createLogger } from '@gatehouse/logger';
import { configSecretReader, TokenError, TokenService } from '@gatehouse/token';
import Koa from 'koa';
import { Authenticator } from './authenticator';
import { TokenVerifier } from './verifier';

const SECRET = 'a-secret-long-enough-for-hs256-0123456789';
const app = new Koa();

/** A request as the gateway sees it: the session's cookies and, as the page sends it, the XSRF header. */
function request(token: string, jti: string): Koa.Context {
  const req = new http.IncomingMessage(new net.Socket());
  req.method = 'GET';
  req.url = '/auth/user';
  req.headers = { cookie: `JWT=${token}; XSRF-TOKEN=${jti}`, 'x-xsrf-token': jti };
  return app.createContext(req, new http.ServerResponse(req));
}

function setup() {
  let clock = Date.now();
  const now = () => clock;
  const tokens = new TokenService({
    issuer: 'gatehouse',
    tokenDurationMs: 1000,
    cookieDurationMs: 24 * 3600_000,
    audiences: [],
    secrets: configSecretReader(SECRET, {}),
    now,
  });
  // The auth service's side: a refresh of an ended session is refused.
  const revoked = new Set<string>();
  let refreshes = 0;
  const authenticator = new Authenticator({
    verifier: new TokenVerifier(configSecretReader(SECRET, {}), [], now),
    refresh: async (token) => {
      refreshes++;
      const { claims } = await tokens.verify(token);
      if (revoked.has(claims.jti ?? '')) throw new TokenError('session ended, log in again');
      const issued = await tokens.refresh(token);
      return { token: issued.token, jti: issued.jti, maxAgeSeconds: issued.maxAgeSeconds };
    },
    adminPassword: undefined,
    log: createLogger({ name: 'test', level: 'silent' }),
    now,
  });
  return {
    tokens,
    authenticator,
    revoked,
    refreshes: () => refreshes,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('Authenticator after a logout', () => {
  it('refuses a copy of an expired token whose logout refreshed it, past the refreshed exp', async () => {
    const t = setup();
    const session = await t.tokens.issueSession({
      user: { name: 'quinn', id: 'dev_quinn', picture: '' },
      aud: 'gatehouse',
      provider: 'dev',
      sessionOnly: false,
    });
    t.advance(1500); // expired: the logout request refreshes it first, as any request would
    const atLogout = await t.authenticator.authenticate(request(session.token, session.jti));
    if (!atLogout.ok) throw new Error(`logout refused: ${atLogout.reason}`);
    expect(atLogout.refreshed).toBeDefined();
    t.revoked.add(session.jti);
    t.authenticator.endSession(atLogout.claims);

    t.advance(1500); // past the refreshed token's exp too; the shared refresh is still recent
    const copy = await t.authenticator.authenticate(request(session.token, session.jti));
    expect(copy).toMatchObject({ ok: false, reason: 'session_ended' });
    expect(t.refreshes()).toBe(1);
  });
});
