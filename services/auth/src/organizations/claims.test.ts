// The active organisation's claims: dropped at login, read again at refresh, set by a switch.
import type { Claims } from '@gatehouse/token';
import { switchedTo, withOrgClaims } from './claims';

const lookup = async (org: string, userId: string) =>
  org === 'org_a' && userId === 'u1'
    ? { orgId: 'org_a', slug: 'a', roles: ['member'], perms: ['billing:read'] }
    : undefined;

const claims = (attrs?: Record<string, unknown>): Claims => ({
  jti: 'j',
  user: { name: 'n', id: 'u1', picture: '', attrs },
});

describe('organisation claims', () => {
  it('drops at login whatever a provider put there, keeping the other attrs', async () => {
    const out = await withOrgClaims(claims({ org: 'org_a', org_roles: ['owner'], paid: true }), lookup, {
      login: true,
    });
    expect(out.user?.attrs).toEqual({ paid: true });
    expect((await withOrgClaims(claims({ org: 'org_a' }), lookup, { login: true })).user?.attrs).toBeUndefined();
  });

  it('reads the membership again at refresh: new roles in, a lost membership out', async () => {
    const stale = claims({ org: 'org_a', org_slug: 'a', org_roles: ['owner'], org_perms: ['members:write'] });
    expect((await withOrgClaims(stale, lookup, { login: false })).user?.attrs).toEqual({
      org: 'org_a',
      org_slug: 'a',
      org_roles: ['member'],
      org_perms: ['billing:read'],
    });
    const gone = claims({ org: 'org_b', org_roles: ['admin'], admin: true });
    expect((await withOrgClaims(gone, lookup, { login: false })).user?.attrs).toEqual({ admin: true });
  });

  it('switches by setting org, filled by the next signing', async () => {
    const switched = switchedTo(claims(), 'org_a');
    expect(switched.user?.attrs).toEqual({ org: 'org_a' });
    expect((await withOrgClaims(switched, lookup, { login: false })).user?.attrs).toMatchObject({
      org_roles: ['member'],
    });
  });
});
