// The siteverify client against the stand-in on loopback: Turnstile as JSON or a form, hCaptcha as a
// form; a token passes once, under the right secret and from our hostname; and everything that is not a
// clear success (a refusal, a hang past the deadline, a 503, an answer that is not JSON) is false.
import { Writable } from 'node:stream';
import { createLogger } from '@gatehouse/logger';
import { CaptchaVerifyServer } from '@gatehouse/test-kit/captcha';
import { CAPTCHA_VERIFY_URLS, captchaCheck } from './captcha';

const log = createLogger({ name: 'auth', destination: new Writable({ write: (_c, _e, done) => done() }) });

describe('CAPTCHA siteverify', () => {
  const server = new CaptchaVerifyServer('site-secret');
  beforeAll(() => server.start());
  afterAll(() => server.close());
  beforeEach(() => {
    server.mode = 'serve';
    server.hostname = 'gatehouse.test';
    server.requests.length = 0;
  });

  const settings = { secret: 'site-secret', timeoutMs: 2000, log, hostname: 'gatehouse.test' };

  it('Turnstile (JSON): a good token passes once, with the secret and the address sent', async () => {
    const check = captchaCheck({ ...settings, provider: 'turnstile', verifyUrl: server.url });
    server.accept('good-token');
    expect(await check.verify('good-token', '203.0.113.9')).toBe(true);
    expect(await check.verify('good-token', '203.0.113.9')).toBe(false);
    expect(await check.verify('made-up-token', '203.0.113.9')).toBe(false);
    expect(server.requests[0]).toEqual({
      contentType: 'application/json',
      secret: 'site-secret',
      response: 'good-token',
      remoteip: '203.0.113.9',
    });
  });

  it('Turnstile as a form, and hCaptcha (form only)', async () => {
    const turnstile = captchaCheck({ ...settings, provider: 'turnstile', verifyUrl: server.url, encoding: 'form' });
    const hcaptcha = captchaCheck({ ...settings, provider: 'hcaptcha', verifyUrl: server.url });
    server.accept('t1');
    server.accept('h1');
    expect(await turnstile.verify('t1', '198.51.100.1')).toBe(true);
    expect(await hcaptcha.verify('h1', '')).toBe(true);
    expect(server.requests.map((r) => [r.contentType, r.remoteip])).toEqual([
      ['application/x-www-form-urlencoded', '198.51.100.1'],
      ['application/x-www-form-urlencoded', undefined],
    ]);
  });

  it('refuses a wrong secret, another hostname, an empty or oversized token', async () => {
    server.accept('tok');
    const wrongSecret = captchaCheck({ ...settings, secret: 'other', provider: 'turnstile', verifyUrl: server.url });
    expect(await wrongSecret.verify('tok', '')).toBe(false);
    server.hostname = 'evil.example';
    const check = captchaCheck({ ...settings, provider: 'turnstile', verifyUrl: server.url });
    expect(await check.verify('tok', '')).toBe(false);
    // Without a hostname configured, the same answer passes: the check is the hostname's.
    server.accept('tok2');
    const anyHost = captchaCheck({
      provider: 'turnstile',
      secret: 'site-secret',
      timeoutMs: 2000,
      log,
      verifyUrl: server.url,
    });
    expect(await anyHost.verify('tok2', '')).toBe(true);
    const sent = server.requests.length;
    expect(await check.verify('', '')).toBe(false);
    expect(await check.verify('x'.repeat(2049), '')).toBe(false);
    expect(server.requests.length).toBe(sent);
  });

  it('fails closed on a hang, a 503 and an answer that is not JSON', async () => {
    const check = captchaCheck({ ...settings, provider: 'hcaptcha', verifyUrl: server.url, timeoutMs: 150 });
    for (const mode of ['hang', 'fail', 'garbage'] as const) {
      server.mode = mode;
      server.accept('tok');
      const started = Date.now();
      expect(await check.verify('tok', '')).toBe(false);
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it("uses each provider's own siteverify by default", () => {
    expect(CAPTCHA_VERIFY_URLS).toEqual({
      turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      hcaptcha: 'https://api.hcaptcha.com/siteverify',
    });
  });
});
