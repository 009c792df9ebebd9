import http from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { findToken } from '@gatehouse/token';
import { RawCredentialRequest, sessionHeaders } from './raw-headers';

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

  it('answers exactly what Node makes of the same headers, empty copies included', async () => {
    // The reference is a real Node HTTP server parsing real requests.
    const server = http.createServer((req, res) => {
      const node = (name: string) => {
        const value = req.headers[name];
        return typeof value === 'string' ? value : '';
      };
      const reference = {
        authorization: node('authorization'),
        jwt: node('x-jwt'),
        cookie: node('cookie'),
        xsrf: node('x-xsrf-token'),
      };
      res.end(JSON.stringify({ ours: sessionHeaders(req), reference }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const ask = (headerLines: string[]) =>
      new Promise<{ ours: unknown; reference: unknown }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET / HTTP/1.1\r\nHost: x\r\n${headerLines.join('\r\n')}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))));
        socket.on('error', reject);
      });
    const cases = [
      ['X-XSRF-TOKEN:', 'x-xsrf-token: jti'],
      ['x-jwt:', 'X-JWT: token'],
      ['Cookie:', 'cookie: JWT=x'],
      ['Authorization:', 'authorization: Basic second'],
      ['Cookie: JWT=a', 'X-JWT: t', 'x-xsrf-token: one', 'X-Xsrf-Token:'],
    ];
    try {
      for (const lines of cases) {
        const { ours, reference } = await ask(lines);
        expect(ours).toEqual(reference);
      }
    } finally {
      server.close();
    }
  });
});

describe('RawCredentialRequest', () => {
  const requestAt = (url: string) => ({ url, headers: { host: 'example.org' } }) as unknown as http.IncomingMessage;
  const headers = { authorization: 'Basic x', jwt: 'hdr', cookie: 'JWT=ck', xsrf: 'j1' };

  it('answers the headers read already, and reads anything else from the request', () => {
    const request = new RawCredentialRequest(requestAt('/auth/user'), headers);
    expect(['x-jwt', 'cookie', 'x-xsrf-token', 'authorization', 'host'].map((h) => request.get(h))).toEqual([
      'hdr',
      'JWT=ck',
      'j1',
      'Basic x',
      'example.org',
    ]);
  });

  it('reads the query only when the URL has one, so the shared lookup sees what Koa would', () => {
    const withQuery = new RawCredentialRequest(requestAt('/auth/user?token=q'), headers);
    expect(findToken(withQuery)).toEqual({ token: 'q', source: 'query' });
    const without = new RawCredentialRequest(requestAt('/auth/user'), headers);
    expect(findToken(without)).toEqual({ token: 'hdr', source: 'header' });
  });
});
