import { isAdminUser, twoFactorLogin } from './caller';

// Who is an admin user (issue 33) and which logins are two factors (issue 43); the session conditions
// every admin user meets (a cookie session, two factors at login, a login at most 15 minutes old) are
// tested end to end in gateway/test/admin-api.test.ts and gateway/test/admin-factors.test.ts.
describe('isAdminUser', () => {
  const user = (id: string, role?: string) => ({ id, name: id, picture: '', ...(role === undefined ? {} : { role }) });

  it('is a user of AUTH_ADMIN_USERS, whatever their role', () => {
    expect(isAdminUser(user('dev_root'), ['dev_root'])).toBe(true);
    expect(isAdminUser(user('dev_root', 'viewer'), ['dev_root'])).toBe(true);
  });

  it("is a user whose token's role claim is admin, in any case", () => {
    for (const role of ['admin', 'Admin', 'ADMIN']) expect(isAdminUser(user('dev_ann', role), [])).toBe(true);
  });

  it('is nobody else: another role, a look-alike, no role, no user', () => {
    for (const role of ['editor', 'admins', ' admin', 'administrator', '']) {
      expect(isAdminUser(user('dev_ann', role), ['dev_root'])).toBe(false);
    }
    expect(isAdminUser(user('dev_ann'), ['dev_root'])).toBe(false);
    expect(isAdminUser(undefined, ['dev_root'])).toBe(false);
    expect(isAdminUser(user('', 'admin'), [])).toBe(false);
  });
});

describe('twoFactorLogin', () => {
  it('is a login a second factor followed (mfa), whatever the first', () => {
    for (const amr of [
      ['fed', 'otp', 'mfa'],
      ['pwd', 'otp', 'mfa'],
      ['otp', 'mfa'],
      ['hwk', 'user', 'otp', 'mfa'],
    ]) {
      expect(twoFactorLogin(amr)).toBe(true);
    }
  });

  it('is a passkey login: a held key with user verification', () => {
    expect(twoFactorLogin(['hwk', 'user'])).toBe(true);
  });

  it('is no one-factor login: an email link (otp alone), a password, a provider, a key without verification', () => {
    for (const amr of [['otp'], ['pwd'], ['fed'], ['hwk'], ['user'], ['pwd', 'otp'], []]) {
      expect(twoFactorLogin(amr)).toBe(false);
    }
    expect(twoFactorLogin(undefined)).toBe(false);
  });
});
