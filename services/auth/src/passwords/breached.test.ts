// The range API client against the stand-in on loopback: a breached password is found from a 5-character
// prefix, a padding line (count 0) is absent, and the client fails open (a hang past the deadline, a
// 500) with the failure counted and neither the prefix nor the password in the log.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '@gatehouse/logger';
import { Metrics } from '@gatehouse/metrics';
import { BreachedPasswordsServer } from '@gatehouse/test-kit/breached-passwords';
import { breachedCheckFailures, breachedPasswordCheck, listsSuffix } from './breached';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, log: createLogger({ name: 'auth', destination }) };
}

const sha1 = (p: string) => createHash('sha1').update(p).digest('hex').toUpperCase();

describe('breached-password check', () => {
  const server = new BreachedPasswordsServer(['correct horse battery staple', 'Tr0ub4dor&3'], {
    zeroCount: ['only a decoy line'],
  });
  beforeAll(() => server.start());
  afterAll(() => server.close());
  beforeEach(() => {
    server.mode = 'serve';
    server.requests.length = 0;
  });

  it('finds a breached password by its prefix, padded, and sends nothing else', async () => {
    const { log } = capture();
    const check = breachedPasswordCheck({ url: `${server.url}/`, timeoutMs: 2000, log });
    expect(await check.isBreached('correct horse battery staple')).toBe(true);
    expect(await check.isBreached('Tr0ub4dor&3')).toBe(true);
    expect(await check.isBreached('a fresh and unlisted passphrase')).toBe(false);
    expect(server.requests).toEqual([
      { path: `/range/${sha1('correct horse battery staple').slice(0, 5)}`, padding: true },
      { path: `/range/${sha1('Tr0ub4dor&3').slice(0, 5)}`, padding: true },
      { path: `/range/${sha1('a fresh and unlisted passphrase').slice(0, 5)}`, padding: true },
    ]);
  });

  it('takes a line with count 0 as absent', async () => {
    const check = breachedPasswordCheck({ url: server.url, timeoutMs: 2000, log: capture().log });
    expect(await check.isBreached('only a decoy line')).toBe(false);
    const suffix = sha1('x').slice(5);
    expect(listsSuffix(`${suffix}:0\r\n`, suffix)).toBe(false);
    expect(listsSuffix(`AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:3\r\n${suffix}:12`, suffix)).toBe(true);
    expect(listsSuffix(`${suffix.toLowerCase()}:7`, suffix)).toBe(true);
  });

  it('fails open on a hang past the deadline and on a 500, counted, logging no prefix', async () => {
    const metrics = new Metrics('auth-test');
    const counter = breachedCheckFailures(metrics);
    const { lines, log } = capture();
    const check = breachedPasswordCheck({ url: server.url, timeoutMs: 150, log, counter });
    const password = 'correct horse battery staple';

    server.mode = 'hang';
    const started = Date.now();
    expect(await check.isBreached(password)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);

    server.mode = 'fail';
    expect(await check.isBreached(password)).toBe(false);

    const text = await metrics.text();
    expect(text).toMatch(/gatehouse_auth_breached_check_failures_total\{reason="timeout",process="auth-test"\} 1/);
    expect(text).toMatch(/gatehouse_auth_breached_check_failures_total\{reason="error",process="auth-test"\} 1/);
    const logged = lines.join('');
    expect(lines).toHaveLength(2);
    expect(logged).toContain('HTTP_500');
    expect(logged).not.toContain(sha1(password).slice(0, 5));
    expect(logged).not.toContain(password);
  });

  it('fails open when nothing listens', async () => {
    const { lines, log } = capture();
    const closed = new BreachedPasswordsServer();
    await closed.start();
    const url = closed.url;
    await closed.close();
    const check = breachedPasswordCheck({ url, timeoutMs: 1000, log });
    expect(await check.isBreached('correct horse battery staple')).toBe(false);
    expect(lines.join('')).toContain('ECONNREFUSED');
  });
});
