import { serialize } from 'cookie';
import { type CookieAttributes, type CookiePolicy, clearedCookies, cookieText, tokenCookies } from './cookies';

/** What `cookie` writes for these attributes: cookieText's answer must be this, byte for byte. */
function expected(name: string, value: string, policy: CookiePolicy, a: CookieAttributes): string {
  return serialize(name, value, {
    path: a.path,
    httpOnly: a.httpOnly,
    sameSite: a.sameSite ?? policy.sameSite,
    secure: policy.secure,
    ...(a.lifetime === 'session' ? {} : { maxAge: a.lifetime }),
    ...(a.lifetime === 0 ? { expires: new Date(0) } : {}),
    ...(a.raw ? { encode: (v: string) => v } : {}),
  });
}

const policies: CookiePolicy[] = [
  { sameSite: 'lax', secure: false },
  { sameSite: 'strict', secure: true },
  { sameSite: 'none', secure: true },
];
const values = [
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl_-',
  '01JF3Y7K2Q9W8E5R4T6Y1U0I2O',
  '',
  'a value with spaces; and=signs',
  'ünïcødé',
  'percent%41',
];

describe('cookieText', () => {
  it('writes what cookie.serialize writes, for every name, value, policy and lifetime, twice in a row', () => {
    for (const policy of policies) {
      for (const name of ['JWT', 'XSRF-TOKEN', 'gh_link']) {
        for (const lifetime of ['session', 0, 3600] as const) {
          for (const attributes of [
            { path: '/', httpOnly: true, lifetime },
            { path: '/auth/link', httpOnly: false, lifetime, sameSite: 'lax' as const },
            { path: '/', httpOnly: true, lifetime, raw: true },
          ]) {
            for (const value of attributes.raw ? values.slice(0, 3) : values) {
              const want = expected(name, value, policy, attributes);
              expect(cookieText(name, value, policy, attributes)).toBe(want);
              expect(cookieText(name, value, policy, attributes)).toBe(want);
            }
          }
        }
      }
    }
  });

  it('refuses a name cookie.serialize refuses, the first time and after', () => {
    const policy = policies[0] as CookiePolicy;
    for (let i = 0; i < 2; i++) {
      expect(() => cookieText('bad name', 'v', policy, { path: '/', httpOnly: true, lifetime: 'session' })).toThrow(
        TypeError,
      );
    }
  });

  it('writes the session pair and its logout as go-pkgz does', () => {
    const policy: CookiePolicy = { sameSite: 'lax', secure: true };
    expect(tokenCookies(policy, { token: 'a.b.c', jti: 'j1', maxAgeSeconds: 600 })).toEqual([
      'JWT=a.b.c; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax',
      'XSRF-TOKEN=j1; Max-Age=600; Path=/; Secure; SameSite=Lax',
    ]);
    expect(tokenCookies(policy, { token: 'a.b.c', jti: 'j1', maxAgeSeconds: 0 })).toEqual([
      'JWT=a.b.c; Path=/; HttpOnly; Secure; SameSite=Lax',
      'XSRF-TOKEN=j1; Path=/; Secure; SameSite=Lax',
    ]);
    expect(clearedCookies(policy)).toEqual([
      'JWT=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
      'XSRF-TOKEN=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=Lax',
    ]);
  });
});
