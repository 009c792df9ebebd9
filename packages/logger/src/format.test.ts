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
