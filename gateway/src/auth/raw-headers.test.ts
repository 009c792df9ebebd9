import type http from 'node:http';
import { sessionHeaders } from './raw-headers';

const req = (rawHeaders: string[]) => ({ rawHeaders }) as unknown as http.IncomingMessage;

describe('sessionHeaders', () => {
  it('reads the four headers whatever their case, and nothing else', () => {
    expect(
      sessionHeaders(
        req([
          'Host',
          'x',
          'COOKIE',
          'JWT=a; XSRF-TOKEN=b',
          'X-Xsrf-Token',
          'b',
          'x-jwt',
          't',
          'Authorization',
          'Bearer z',
        ]),
      ),
    ).toEqual({ cookie: 'JWT=a; XSRF-TOKEN=b', xsrf: 'b', jwt: 't', authorization: 'Bearer z' });
    expect(sessionHeaders(req(['Accept', '*/*']))).toEqual({ authorization: '', jwt: '', cookie: '', xsrf: '' });
  });

  it('joins duplicates as Node does: cookies with "; ", others with ", ", the first Authorization only', () => {
    expect(
      sessionHeaders(
        req([
          'Cookie',
          'a=1',
          'cookie',
          'JWT=x',
          'X-XSRF-TOKEN',
          'one',
          'x-xsrf-token',
          'two',
          'Authorization',
          'Basic first',
          'authorization',
          'Basic second',
        ]),
      ),
    ).toEqual({ cookie: 'a=1; JWT=x', xsrf: 'one, two', jwt: '', authorization: 'Basic first' });
  });
});
