import { Writable } from 'node:stream';
import { logFormat } from '@gatehouse/config';
import { createLogger } from './index';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe('log formats', () => {
  it('writes one JSON object a line by default', () => {
    const { lines, stream } = capture();
    createLogger({ name: 'svc', destination: stream }).info({ token: 'abc', user: 'ann' }, 'hello');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      msg: 'hello',
      service: 'svc',
      user: 'ann',
      token: '[redacted]',
    });
  });

  it('censors secrets at the top, one object down and in request headers, leaving the objects logged as they were', () => {
    const { lines, stream } = capture();
    const config = { clientSecret: 'cs', url: 'https://idp.example' };
    const request = { token: 't1', nested: { password: 'deep' } };
    const req = { headers: { cookie: 'c', authorization: 'a', 'x-jwt': 'j', 'x-xsrf-token': 'x', accept: '*/*' } };
    const err = Object.assign(new Error('boom'), { code: 'E_BOOM' });
    createLogger({ name: 'svc', destination: stream }).info(
      { password: 'pw', config, request, req, headers: { 'set-cookie': 'sc' }, err, plain: 'kept' },
      'hello',
    );
    const line = JSON.parse(lines[0] as string);
    expect(line).toMatchObject({
      password: '[redacted]',
      config: { clientSecret: '[redacted]', url: 'https://idp.example' },
      request: { token: '[redacted]', nested: { password: 'deep' } },
      req: {
        headers: {
          cookie: '[redacted]',
          authorization: '[redacted]',
          'x-jwt': '[redacted]',
          'x-xsrf-token': '[redacted]',
          accept: '*/*',
        },
      },
      headers: { 'set-cookie': '[redacted]' },
      err: { type: 'Error', message: 'boom', code: 'E_BOOM' },
      plain: 'kept',
    });
    // Two objects down is not a place secrets are logged from; the paths above are what is promised.
    expect(line.request.nested.password).toBe('deep');
    expect(config.clientSecret).toBe('cs');
    expect(request.token).toBe('t1');
    expect(req.headers.cookie).toBe('c');
  });

  it('writes coloured single lines for people, with the same redaction', () => {
    const { lines, stream } = capture();
    const log = createLogger({ name: 'svc', destination: stream, format: 'pretty' });
    log.warn({ token: 'abc', user: 'ann' }, 'hello there');
    expect(lines).toHaveLength(1);
    const line = lines[0] as string;
    expect(() => JSON.parse(line)).toThrow();
    expect(line).toContain('hello there');
    expect(line).toContain('WARN');
    expect(line).toContain('\u001b['); // coloured
    expect(line).toContain('[redacted]');
    expect(line).not.toContain('abc');
  });

  it('LOG_FORMAT defaults to pretty on a terminal and JSON otherwise, and refuses other words', () => {
    expect(logFormat(true).parse(undefined)).toBe('pretty');
    expect(logFormat(false).parse(undefined)).toBe('json');
    expect(logFormat(true).parse('json')).toBe('json');
    expect(logFormat(false).safeParse('fancy').success).toBe(false);
  });
});
