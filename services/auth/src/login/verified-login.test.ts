// Issue 25 item 4: a confirmation link is single-use by its jti, not by its spelling: another token with
// the same jti (a signature's twin, a re-signed copy) is refused after the first login.
import { createLogger } from '@gatehouse/logger';
import { type Claims, configSecretReader, TokenService } from '@gatehouse/token';
import { decodeJwt } from 'jose';
import { MemoryRateLimiter } from '../stores/limits';
import { MemoryUsedTokens } from '../stores/used-tokens';
import { VerifiedLogin } from './verified-login';

const tokens = new TokenService({
  issuer: 'gatehouse',
  tokenDurationMs: 15 * 60_000,
  cookieDurationMs: 86_400_000,
  audiences: [],
  secrets: configSecretReader('s'.repeat(40), {}),
});

function provider() {
  const sent: string[] = [];
  const login = new VerifiedLogin({
    name: 'email',
    template: '{{.Token}}',
    sender: async (_address, text) => {
      sent.push(text);
    },
    tokens,
    usedTokens: new MemoryUsedTokens(),
    limiter: new MemoryRateLimiter(),
    limits: { perAddress: { limit: 100, windowMs: 60_000 }, perIp: { limit: 100, windowMs: 60_000 } },
    baseUrl: 'http://127.0.0.1:8080',
    allowedRedirectHosts: [],
    log: createLogger({ name: 'verified-test', level: 'silent' }),
  });
  const request = (query: Record<string, string>) =>
    login.login({ method: 'GET', query, headers: {}, body: Buffer.alloc(0), clientIp: '127.0.0.1' });
  return { sent, request };
}

it('confirmation tokens carry a jti, and a second token with the same jti is refused', async () => {
  const { sent, request } = provider();
  expect((await request({ user: 'ann', address: 'ann@example.com' })).status).toBe(200);
  const link = sent[0] as string;
  const claims = decodeJwt(link) as Claims;
  expect(claims.jti).toMatch(/^[0-9a-f]{40}$/);
  // The same claims signed again: another spelling of the same one-time token.
  const copy = await tokens.signToken({ ...claims, iat: (claims.iat as number) - 1 });
  expect(copy).not.toBe(link);
  expect((await request({ token: link })).status).toBe(200);
  expect(await request({ token: copy })).toMatchObject({
    status: 403,
    body: { error: 'confirmation token already consumed' },
  });
  expect((await request({ token: link })).status).toBe(403);
});

it('refuses a confirmation token without a jti', async () => {
  const { sent, request } = provider();
  await request({ user: 'bo', address: 'bo@example.com' });
  const { jti: _jti, ...claims } = decodeJwt(sent[0] as string) as Claims;
  const noJti = await tokens.signToken(claims);
  expect((await request({ token: noJti })).status).toBe(403);
});
