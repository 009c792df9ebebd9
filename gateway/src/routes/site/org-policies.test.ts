// The organisation policies and {org} prefixes: the config file's words, and decisions from the token.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { User } from '@gatehouse/token';
import { readGatewayFile } from '../../config-file';
import {
  activeOrg,
  matchedPrefixLength,
  mountPrefix,
  namesActiveOrg,
  orgPolicyAllows,
  routerPath,
} from './org-policies';

const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-org-policies-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function routesOf(routes: unknown[]) {
  const file = path.join(dir, `${Math.random()}.json`);
  writeFileSync(file, JSON.stringify({ routes }));
  const problems: string[] = [];
  return { routes: readGatewayFile(file, problems).routes, problems };
}

const up = 'http://127.0.0.1:9';
const member = (roles: string[], perms: string[]): User => ({
  name: 'a',
  id: 'dev_a',
  picture: '',
  attrs: { org: 'org_0123456789abcdef01234567', org_slug: 'acme', org_roles: roles, org_perms: perms },
});

describe('organisation route policies', () => {
  it('reads org, org:<role>, perm:<name>, {org} and anyOrg, and refuses what cannot hold', () => {
    const { routes, problems } = routesOf([
      { prefix: '/a', upstream: up, policy: 'org' },
      { prefix: '/b', upstream: up, policy: 'org:admin, billing' },
      { prefix: '/orgs/{org}/c', upstream: up, policy: 'perm:billing:read', anyOrg: true, stripPrefix: true },
    ]);
    expect(problems).toEqual([]);
    expect(routes.map((r) => [r.policy, r.anyOrg])).toEqual([
      [{ kind: 'org' }, false],
      [{ kind: 'org-role', roles: ['admin', 'billing'] }, false],
      [{ kind: 'perm', perms: ['billing:read'] }, true],
    ]);
    const c = routes[2];
    if (!c) throw new Error('no route');
    expect([routerPath(c), mountPrefix(c), matchedPrefixLength(c, 'acme')]).toEqual(['/orgs/:org/c', '/orgs', 12]);

    const bad = routesOf([
      { prefix: '/x/{org}/{org}', upstream: up, policy: 'org' },
      { prefix: '/{org}/y', upstream: up, policy: 'org' },
      { prefix: '/z/{org}', upstream: up, policy: 'trace' },
      { prefix: '/w', upstream: up, policy: 'org', anyOrg: true },
      { prefix: '/v', upstream: up, policy: 'perm:' },
    ]).problems;
    expect(bad).toHaveLength(5);
  });

  it('decides from the token alone', () => {
    const admin = member(['admin'], ['billing:read', 'members:write']);
    const owner = member(['owner'], ['billing:read', 'members:write']);
    const plain = member(['member'], ['billing:read']);
    const none: User = { name: 'n', id: 'dev_n', picture: '', attrs: { org: 7 } };
    const allow = (policy: Parameters<typeof orgPolicyAllows>[0], u: User | undefined) => orgPolicyAllows(policy, u);
    expect([admin, plain, none, undefined].map((u) => allow({ kind: 'org' }, u))).toEqual([true, true, false, false]);
    expect([admin, owner, plain].map((u) => allow({ kind: 'org-role', roles: ['admin'] }, u))).toEqual([
      true,
      true,
      false,
    ]);
    expect([admin, plain].map((u) => allow({ kind: 'perm', perms: ['members:write'] }, u))).toEqual([true, false]);
    expect(allow({ kind: 'auth' }, plain)).toBeUndefined();
    expect(activeOrg(none)).toBeUndefined();
    expect(['acme', 'org_0123456789abcdef01234567', 'other', ''].map((v) => namesActiveOrg(v, plain))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
