import { redactUrl } from './index';

describe('redactUrl', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

  it.each([
    ['/auth/user?token=abc', '/auth/user?token=[redacted]'],
    ['/auth/user?token[]=abc&x=1', '/auth/user?token[]=[redacted]&x=1'],
    ['/auth/user?token[a]=abc', '/auth/user?token[a]=[redacted]'],
    ['/auth/user?%74oken=abc', '/auth/user?%74oken=[redacted]'],
    ['/auth/user?TOKEN=abc', '/auth/user?TOKEN=[redacted]'],
    ['/cb?code=c&state=s&from=/x', '/cb?code=[redacted]&state=[redacted]&from=/x'],
    [`/x?other=${jwt}`, '/x?other=[redacted]'],
    [`/x/${jwt}/y`, '/x/[redacted]/y'],
    ['/plain?a=1&b', '/plain?a=1&b'],
    ['/broken?%zz=1&token=t', '/broken?%zz=1&token=[redacted]'],
    [
      'https://api.telegram.org/bot123456:AAE-x_y/getUpdates?offset=1',
      'https://api.telegram.org/bot[redacted]/getUpdates?offset=1',
    ],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
