import { ADMIN_USER, basicCredentials, hasBasicCredentials, isAdminLogin } from './basic';
import { type CredentialRequest, findToken, xsrfHolds } from './request';

function request(headers: Record<string, string>, query: Record<string, unknown> = {}): CredentialRequest {
  return { get: (name) => headers[name] ?? '', query };
}

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('findToken', () => {
  it('takes ?token= first, then X-JWT, then the JWT cookie', () => {
    const all = request({ 'x-jwt': 'h', cookie: 'JWT=c' }, { token: 'q' });
    expect(findToken(all)).toEqual({ token: 'q', source: 'query' });
    expect(findToken(request({ 'x-jwt': 'h', cookie: 'JWT=c' }))).toEqual({ token: 'h', source: 'header' });
    expect(findToken(request({ cookie: 'a=1; JWT=c; b=2' }))).toEqual({ token: 'c', source: 'cookie' });
  });

  it('skips an empty or repeated ?token= and an empty header', () => {
    expect(findToken(request({ 'x-jwt': 'h' }, { token: '' }))).toEqual({ token: 'h', source: 'header' });
    expect(findToken(request({ cookie: 'JWT=c' }, { token: ['a', 'b'] }))).toEqual({ token: 'c', source: 'cookie' });
    expect(findToken(request({ 'x-jwt': '', cookie: 'JWT=c' }))).toEqual({ token: 'c', source: 'cookie' });
  });

  it('finds nothing without a token, or with other cookies only', () => {
    expect(findToken(request({}))).toBeUndefined();
    expect(findToken(request({ cookie: 'XSRF-TOKEN=x; JWT=' }))).toBeUndefined();
  });

  it('decodes the cookie as the cookie package does', () => {
    expect(findToken(request({ cookie: 'JWT=a%2Eb' }))).toEqual({ token: 'a.b', source: 'cookie' });
  });
});

describe('xsrfHolds', () => {
  const cookie = { token: 't', source: 'cookie' } as const;

  it('asks a cookie token for the jti in X-XSRF-TOKEN, as a string or as bytes', () => {
    expect(xsrfHolds(request({ 'x-xsrf-token': 'j1' }), cookie, 'j1')).toBe(true);
    expect(xsrfHolds(request({ 'x-xsrf-token': 'j1' }), cookie, Buffer.from('j1'))).toBe(true);
    expect(xsrfHolds(request({ 'x-xsrf-token': 'j2' }), cookie, 'j1')).toBe(false);
    expect(xsrfHolds(request({}), cookie, Buffer.from('j1'))).toBe(false);
  });

  it('asks nothing of query and header tokens', () => {
    expect(xsrfHolds(request({}), { token: 't', source: 'query' }, 'j1')).toBe(true);
    expect(xsrfHolds(request({}), { token: 't', source: 'header' }, 'j1')).toBe(true);
  });
});

describe('basic credentials', () => {
  it('splits at the first colon; without one, all is the user', () => {
    expect(basicCredentials(basic('admin:pa:ss'))).toEqual({ user: 'admin', password: 'pa:ss' });
    expect(basicCredentials(basic('secret'))).toEqual({ user: 'secret', password: '' });
  });

  it('reads only the Basic scheme', () => {
    expect(hasBasicCredentials(basic('a:b'))).toBe(true);
    expect(hasBasicCredentials('Bearer x')).toBe(false);
    expect(basicCredentials('Bearer x')).toBeUndefined();
    expect(basicCredentials('')).toBeUndefined();
  });

  it('accepts admin with the admin password only', () => {
    expect(isAdminLogin({ user: 'admin', password: 'pw' }, 'pw')).toBe(true);
    expect(isAdminLogin({ user: 'admin', password: 'px' }, 'pw')).toBe(false);
    expect(isAdminLogin({ user: 'root', password: 'pw' }, 'pw')).toBe(false);
    expect(ADMIN_USER).toEqual({ name: 'admin', id: 'admin', picture: '', attrs: { admin: true } });
  });
});
