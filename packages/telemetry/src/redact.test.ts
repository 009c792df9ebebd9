import { redactAttributes } from './redact';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

it('redacts URLs, targets, queries and headers as the logs do, and JWTs anywhere', () => {
  expect(
    redactAttributes({
      'http.url': `http://127.0.0.1:8080/auth/user?token=${jwt}&x=1`,
      'http.target': '/auth/dev/callback?code=c0de&state=5tate',
      'url.full': 'https://api.telegram.org/bot123:AAE-secret/getUpdates',
      'url.path': `/x/${jwt}`,
      'url.query': 'code=c0de&from=/home',
      'http.request.header.authorization': ['Bearer abc'],
      'http.request.header.cookie': 'JWT=abc',
      'rpc.method': 'LoadCard',
      'some.note': `carried ${jwt}`,
      'http.status_code': 200,
    }),
  ).toEqual({
    'http.url': 'http://127.0.0.1:8080/auth/user?token=[redacted]&x=1',
    'http.target': '/auth/dev/callback?code=[redacted]&state=[redacted]',
    'url.full': 'https://api.telegram.org/bot[redacted]/getUpdates',
    'url.path': '/x/[redacted]',
    'url.query': 'code=[redacted]&from=/home',
    'http.request.header.authorization': ['[redacted]'],
    'http.request.header.cookie': '[redacted]',
    'rpc.method': 'LoadCard',
    'some.note': 'carried [redacted]',
    'http.status_code': 200,
  });
});
