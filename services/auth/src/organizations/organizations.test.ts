// The organisations' domain against a fresh, migrated Postgres: roles, invitations, the last owner, events.
import { createLogger } from '@gatehouse/logger';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { createPool, runMigrations } from '../stores/postgres';
import { PgOrgAdminStore } from './admin-store';
import { resolveOrganizationsSettings } from './config';
import { Organizations } from './organizations';
import { PgOrganizationStore } from './store';

let db: TestDatabase;
let pool: ReturnType<typeof createPool>;
let orgs: Organizations;
const ended: string[] = [];
let clock = Date.now();

const log = createLogger({ name: 'orgs-test', level: 'silent' });

beforeAll(async () => {
  db = await createTestDatabase('gh_orgs');
  pool = createPool(db.url, undefined, { transactionPooling: db.transactionPooling });
  await runMigrations(pool);
  const problems: string[] = [];
  const settings = resolveOrganizationsSettings(
    { AUTH_ORG_CREATE: 'anyone', AUTH_ORG_INVITATION_TTL: 3_600_000 },
    undefined,
    problems,
  );
  expect(problems).toEqual([]);
  orgs = new Organizations({
    store: new PgOrganizationStore(pool),
    adminStore: new PgOrgAdminStore(pool),
    settings,
    sessions: () => ({ endAll: async (id: string) => ended.push(id) }),
    baseUrl: 'http://gh.test',
    log,
    now: () => clock,
  });
  for (const [id, email, verified] of [
    ['u_alice', 'alice@a.test', true],
    ['u_bob', 'bob@a.test', true],
    ['u_carol', 'carol@a.test', false],
  ] as const) {
    await pool.query('INSERT INTO users (id, name, email, email_verified_by) VALUES ($1, $1, $2, $3)', [
      id,
      email,
      verified ? 'test' : null,
    ]);
  }
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const alice = { userId: 'u_alice' };
const bob = { userId: 'u_bob' };
const carol = { userId: 'u_carol' };

async function eventsOf(orgId: string): Promise<string[]> {
  const { rows } = await pool.query("SELECT type, actor_id FROM events.events WHERE data->>'org_id' = $1 ORDER BY id", [
    orgId,
  ]);
  return rows.map((r) => `${r.type} by ${r.actor_id}`);
}

describe('organisations', () => {
  it('makes the creator owner, invites once, refuses unverified and expired invitations, keeps the last owner', async () => {
    const org = await orgs.create(alice, { name: 'Acme', slug: 'acme' });
    expect(org.id).toMatch(/^org_[0-9a-f]{24}$/);
    await expect(orgs.create(bob, { name: 'Other', slug: 'acme' })).rejects.toMatchObject({ code: 'ORG_SLUG_TAKEN' });
    expect((await orgs.mine(alice)).items).toMatchObject([{ id: org.id, slug: 'acme', roles: ['owner'] }]);
    expect(await orgs.claims('acme', 'u_alice')).toEqual({
      orgId: org.id,
      slug: 'acme',
      roles: ['owner'],
      perms: ['billing:read', 'members:write'],
    });

    const { token, invitation } = await orgs.invite(alice, org.id, { email: 'Bob@a.test', roles: ['member'] });
    expect(token).toBeDefined();
    // Somebody without the invited verified address cannot spend it, and it stays for the right user.
    await expect(orgs.accept(carol, token as string)).rejects.toMatchObject({ code: 'ORG_NOT_RECIPIENT' });
    expect(await orgs.accept(bob, token as string)).toMatchObject({ id: org.id, roles: ['member'] });
    await expect(orgs.accept(bob, token as string)).rejects.toMatchObject({ code: 'ORG_INVITATION_NOT_FOUND' });
    expect(invitation.roles).toEqual(['member']);

    // A member without members:write manages nothing; a stranger sees nothing.
    await expect(orgs.invite(bob, org.id, { email: 'x@a.test', roles: [] })).rejects.toMatchObject({
      code: 'ORG_FORBIDDEN',
    });
    await expect(orgs.members(carol, org.id)).rejects.toMatchObject({ code: 'ORG_NOT_FOUND' });
    expect((await orgs.members(bob, org.id)).items.map((m) => m.userId)).toEqual(['u_alice', 'u_bob']);

    // An expired invitation is refused.
    const late = await orgs.invite(alice, org.id, { email: 'carol@a.test', roles: ['admin'] });
    clock += 2 * 3_600_000;
    await pool.query("UPDATE org_invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [
      late.invitation.id,
    ]);
    await expect(orgs.accept(carol, late.token as string)).rejects.toMatchObject({ code: 'ORG_INVITATION_NOT_FOUND' });

    // Roles: owner cannot be given by a change, an unknown role is refused, a lost role ends sessions.
    await expect(orgs.changeRoles(alice, org.id, 'u_bob', ['owner'])).rejects.toMatchObject({
      code: 'ORG_BAD_REQUEST',
    });
    await expect(orgs.changeRoles(alice, org.id, 'u_bob', ['nope'])).rejects.toMatchObject({ code: 'ORG_BAD_REQUEST' });
    expect(await orgs.changeRoles(alice, org.id, 'u_bob', ['admin', 'member'])).toEqual(['admin', 'member']);
    ended.length = 0;
    expect(await orgs.changeRoles(alice, org.id, 'u_bob', ['admin'])).toEqual(['admin']);
    expect(ended).toEqual(['u_bob']);
    // An admin cannot remove an owner; the last owner cannot leave.
    await expect(orgs.removeMember(bob, org.id, 'u_alice')).rejects.toMatchObject({ code: 'ORG_FORBIDDEN' });
    await expect(orgs.leave(alice, org.id)).rejects.toMatchObject({ code: 'ORG_LAST_OWNER' });
    // After a transfer, the old owner may leave; the new one is the last owner.
    await orgs.transfer(alice, org.id, 'u_bob');
    expect(await orgs.claims(org.id, 'u_bob')).toMatchObject({ roles: ['owner', 'admin'] });
    expect(await orgs.claims(org.id, 'u_alice')).toMatchObject({ roles: ['admin'] });
    await orgs.leave(alice, org.id);
    expect(await orgs.claims(org.id, 'u_alice')).toBeUndefined();
    await expect(orgs.leave(bob, org.id)).rejects.toMatchObject({ code: 'ORG_LAST_OWNER' });

    expect(await eventsOf(org.id)).toEqual([
      'organization.created by u_alice',
      'membership.added by u_alice',
      'invitation.created by u_alice',
      'invitation.accepted by u_bob',
      'membership.added by u_bob',
      'invitation.created by u_alice',
      'membership.roles_changed by u_alice',
      'membership.roles_changed by u_alice',
      'organization.ownership_transferred by u_alice',
      'membership.removed by u_alice',
    ]);
  });

  it('keeps the last owner when two owners demote themselves at once', async () => {
    const org = await orgs.create(alice, { name: 'Two', slug: 'two' });
    const { token } = await orgs.invite(alice, org.id, { email: 'bob@a.test', roles: ['admin'] });
    await orgs.accept(bob, token as string);
    await orgs.transfer(alice, org.id, 'u_bob');
    await orgs.changeRoles(bob, org.id, 'u_alice', ['admin']);
    // Make both owners, then both leave at once: one must stay.
    await pool.query("UPDATE memberships SET roles = '{owner}' WHERE org_id = $1", [org.id]);
    const results = await Promise.allSettled([orgs.leave(alice, org.id), orgs.leave(bob, org.id)]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((await orgs.members(alice, org.id).catch(() => orgs.members(bob, org.id))).items).toHaveLength(1);
  });

  it('pages my organisations and members by keyset', async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await orgs.create(carol, { name: `P${i}`, slug: `page-${i}` })).id);
    const first = await orgs.mine(carol, '', 3);
    const second = await orgs.mine(carol, first.next, 3);
    expect(first.items).toHaveLength(3);
    expect(second.next).toBe('');
    expect([...first.items, ...second.items].map((o) => o.id)).toEqual([...created].sort());
    // A cursor no page gave (a NUL, which Postgres refuses in text, or another shape) is the caller's
    // error, never the database's (found by fuzzing: GET /auth/orgs?after=%00 answered 500).
    for (const after of ['a\u0000b', 'org id', 'x'.repeat(300)]) {
      await expect(orgs.mine(carol, after, 3)).rejects.toMatchObject({ code: 'ORG_BAD_REQUEST' });
      await expect(orgs.members(carol, created[0] ?? '', after, 3)).rejects.toMatchObject({ code: 'ORG_BAD_REQUEST' });
      await expect(orgs.admin.members(created[0] ?? '', after, 3)).rejects.toMatchObject({ code: 'ORG_BAD_REQUEST' });
      await expect(orgs.admin.list('P', after, 3)).rejects.toMatchObject({ code: 'ORG_BAD_REQUEST' });
    }
    await expect(orgs.admin.list('P\u0000', '', 3)).rejects.toMatchObject({ code: 'ORG_BAD_REQUEST' });
  });
});

describe('organisations administered', () => {
  const admin = () => orgs.admin;

  it('creates for a user or for nobody, searches by prefix with LIKE characters as themselves, pages by id', async () => {
    await expect(admin().create('operator', { name: 'X', slug: 'adm-x', ownerId: 'u_nobody' })).rejects.toMatchObject({
      code: 'ORG_BAD_REQUEST',
    });
    const empty = await admin().create('operator', { name: 'Empty_Co', slug: 'adm-empty' });
    expect(empty).toMatchObject({ members: 0, createdBy: 'operator' });
    const owned = await admin().create('operator', { name: 'Owned Co', slug: 'adm-owned', ownerId: 'u_carol' });
    expect(owned.members).toBe(1);
    expect(await orgs.claims('adm-owned', 'u_carol')).toMatchObject({ roles: ['owner'] });
    expect((await admin().list('EMPTY_')).items.map((o) => o.id)).toEqual([empty.id]);
    expect((await admin().list('empty%')).items).toEqual([]);
    expect((await admin().list(owned.id)).items.map((o) => o.slug)).toEqual(['adm-owned']);
    const first = await admin().list('adm-', '', 1);
    const second = await admin().list('adm-', first.next, 1);
    expect([first.items.length, second.items.length]).toEqual([1, 1]);
    expect((first.items[0]?.id ?? '') < (second.items[0]?.id ?? '')).toBe(true);
    expect(await eventsOf(owned.id)).toEqual(['organization.created by operator', 'membership.added by operator']);
  });

  it('makes and unmakes owners but keeps the last one, and deletes only with force once members remain', async () => {
    const org = await admin().create('user:root', { name: 'Deleted Co', slug: 'adm-deleted', ownerId: 'u_alice' });
    const { token } = await orgs.invite(alice, org.id, { email: 'bob@a.test', roles: ['member'] });
    await orgs.accept(bob, token as string);
    ended.length = 0;
    await expect(admin().setRoles('user:root', org.id, 'u_alice', ['admin'])).rejects.toMatchObject({
      code: 'ORG_LAST_OWNER',
    });
    expect(await admin().setRoles('user:root', 'adm-deleted', 'u_bob', ['member', 'owner'])).toEqual([
      'owner',
      'member',
    ]);
    expect(ended).toEqual([]);
    expect(await admin().setRoles('user:root', org.id, 'u_alice', ['admin'])).toEqual(['admin']);
    expect(ended).toEqual(['u_alice']);
    await expect(admin().removeMember('user:root', org.id, 'u_bob')).rejects.toMatchObject({ code: 'ORG_LAST_OWNER' });
    await expect(admin().removeMember('user:root', org.id, 'u_carol')).rejects.toMatchObject({
      code: 'ORG_MEMBER_NOT_FOUND',
    });

    ended.length = 0;
    await expect(admin().delete('user:root', 'adm-deleted', false)).rejects.toMatchObject({ code: 'ORG_HAS_MEMBERS' });
    expect((await admin().get(org.id)).members.items).toHaveLength(2);
    expect(await admin().delete('user:root', 'adm-deleted', true)).toBe(2);
    expect(ended.sort()).toEqual(['u_alice', 'u_bob']);
    await expect(admin().get(org.id)).rejects.toMatchObject({ code: 'ORG_NOT_FOUND' });
    const trail = await eventsOf(org.id);
    expect(trail.slice(-3)).toEqual([
      'membership.removed by user:root',
      'membership.removed by user:root',
      'organization.deleted by user:root',
    ]);
  });
});
