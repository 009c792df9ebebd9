// Organisations on the admin listener (docs/organizations.md "Administration") through the real stack:
// auth with its Postgres directory and two gateways. An operator's workload token searches by name and
// slug prefix and pages without repeats or gaps, creates an organisation for a user, opens one with its
// members and invitations, changes roles (the last owner stays), lets unverified addresses accept,
// revokes an invitation, and deletes (409 while members remain unless forced; the members' cached tokens
// then refused on both gateways within 1 s; the events name the admin). `pnpm admin orgs` does the same
// from a shell. Every answer is checked against the admin OpenAPI document.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { Pool } from 'pg';
import { itWithChromium, launchChromium } from './chromium';
import { PageBrowser } from './directory-stack';
import { AnswerChecker, type Document } from './openapi-answers';

let stack: Stack;
let second: { url: string; stop(): Promise<void> };
let authDb: TestDatabase;
let db: Pool;
let checker: AnswerChecker;
let operator: string;
let keysRoot: string;

beforeAll(async () => {
  authDb = await createTestDatabase('gh_gw_admin_orgs');
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    authDatabaseUrl: authDb.url,
    env: { AUTH_ORG_CREATE: 'anyone', REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  });
  second = await stack.addGateway();
  db = new Pool({ connectionString: authDb.url, max: 2 });
  keysRoot = path.join(stack.dataDir, 'internal-keys');
  operator = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', 'admin', 'operator'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: keysRoot },
  })
    .toString()
    .trim();
  const doc = await fetch(`http://127.0.0.1:${stack.ports.admin}/admin/v1/openapi.json`);
  checker = new AnswerChecker((await doc.json()) as Document);
}, 90_000);

afterAll(async () => {
  await db?.end();
  await second?.stop();
  await stack?.stop();
  await authDb?.drop();
});

/** A call of the admin API with the operator's token, its answer checked against the admin document. */
async function admin(method: string, route: string, body?: unknown, token = operator): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await new Browser(`http://127.0.0.1:${stack.ports.admin}`).request(method, route, {
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(checker.problems(method, route, res)).toEqual([]);
  return res;
}

function cli(args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'orgs', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: keysRoot, ADMIN_ADDR: `127.0.0.1:${stack.ports.admin}` },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function login(name: string, email?: string): Promise<PageBrowser & { id: string }> {
  const b = new PageBrowser(stack.url);
  const res = await b.devLogin(name);
  if (res.status !== 200) throw new Error(`login of ${name}: ${res.status} ${res.text}`);
  const id = await b.userId();
  if (email) await db.query("UPDATE auth.users SET email = $2, email_verified_by = 'test' WHERE id = $1", [id, email]);
  return Object.assign(b, { id });
}

/** Asks /auth/user with `token` on `url` until refused (401) or the time is up: the milliseconds it took, or -1. */
async function refusedWithin(url: string, token: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= timeoutMs) {
    if ((await new Browser(url).get('/auth/user', { 'x-jwt': token })).status === 401) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  return -1;
}

type Org = { id: string; slug: string; name: string; members: number; allow_unverified_invitations: boolean };

describe('the admin API for organisations', () => {
  it('searches by name or slug prefix and pages by id without repeats or gaps', async () => {
    const made: string[] = [];
    for (let i = 0; i < 23; i++) {
      const res = await admin('POST', '/admin/v1/orgs', { name: `Pager ${i}`, slug: `pgr-${i}` });
      expect(res.status).toBe(201);
      made.push((res.json() as Org).id);
    }
    const seen: string[] = [];
    let cursor = '';
    do {
      const res = await admin('GET', `/admin/v1/orgs?query=pager&limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = res.json() as { organizations: Org[]; next: string | null };
      seen.push(...page.organizations.map((o) => o.id));
      cursor = page.next ?? '';
    } while (cursor);
    expect(seen).toEqual([...made].sort());
    const bySlug = (await admin('GET', '/admin/v1/orgs?query=PGR-1')).json() as { organizations: Org[] };
    expect(bySlug.organizations.map((o) => o.slug).sort()).toEqual(
      [
        'pgr-1',
        'pgr-10',
        'pgr-11',
        'pgr-12',
        'pgr-13',
        'pgr-14',
        'pgr-15',
        'pgr-16',
        'pgr-17',
        'pgr-18',
        'pgr-19',
      ].sort(),
    );
    // LIKE's wildcards are plain characters in a search.
    expect(((await admin('GET', '/admin/v1/orgs?query=%25')).json() as { organizations: Org[] }).organizations).toEqual(
      [],
    );
    expect((await admin('GET', '/admin/v1/orgs?limit=201')).status).toBe(400);
    expect((await admin('POST', '/admin/v1/orgs', { name: 'Again', slug: 'pgr-1' })).status).toBe(409);
    expect((await admin('POST', '/admin/v1/orgs', { name: 'Bad', slug: 'Not A Slug' })).status).toBe(400);
  });

  it('creates for a user, shows members and invitations, changes roles, revokes, deletes with force', async () => {
    const alice = await login('adm-org-alice', 'adm-alice@orgs.test');
    const bob = await login('adm-org-bob', 'adm-bob@orgs.test');
    const carol = await login('adm-org-carol');
    expect(
      (await admin('POST', '/admin/v1/orgs', { name: 'X', slug: 'nobody-x', owner_id: 'dev_nobody' })).status,
    ).toBe(400);
    const created = await admin('POST', '/admin/v1/orgs', { name: 'Acme Admin', slug: 'acme-adm', owner_id: alice.id });
    expect(created.status).toBe(201);
    const org = created.json() as Org;
    expect(org).toMatchObject({ slug: 'acme-adm', members: 1, allow_unverified_invitations: false });
    expect(created.headers.get('location')).toBe(`/admin/v1/orgs/${org.id}`);

    // Alice, its owner, invites bob (who joins) and carol (whose address nobody verified).
    const invite = async (email: string) => {
      const res = await alice.send('POST', `/auth/orgs/${org.id}/invitations`, { email, roles: ['member'] });
      expect(res.status).toBe(201);
      return res.json() as { id: string; token: string };
    };
    const toBob = await invite('adm-bob@orgs.test');
    expect((await bob.send('POST', `/auth/invitations/${toBob.token}/accept`)).status).toBe(200);
    const toCarol = await invite('adm-carol@orgs.test');
    const toNobody = await invite('nobody@orgs.test');

    const shown = await admin('GET', '/admin/v1/orgs/acme-adm');
    expect(shown.status).toBe(200);
    const detail = shown.json() as {
      organization: Org;
      members: { user_id: string; roles: string[] }[];
      invitations: { id: string; email: string }[];
    };
    expect(detail.organization.id).toBe(org.id);
    expect(detail.members.map((m) => [m.user_id, m.roles]).sort()).toEqual(
      [
        [alice.id, ['owner']],
        [bob.id, ['member']],
      ].sort(),
    );
    expect(detail.invitations.map((i) => i.id).sort()).toEqual([toCarol.id, toNobody.id].sort());
    const paged = await admin('GET', `/admin/v1/orgs/${org.id}/members?limit=1`);
    expect((paged.json() as { next: string | null }).next).not.toBeNull();

    // Roles: bob becomes admin and owner too; alice stops being one; the last owner (bob then) stays.
    // (Bob loses no role, so his session lives on; alice loses owner, and her sessions end.)
    const roles = await admin('PUT', `/admin/v1/orgs/${org.id}/members/${bob.id}`, {
      roles: ['member', 'owner', 'admin'],
    });
    expect(roles.json()).toEqual({ user_id: bob.id, roles: ['owner', 'admin', 'member'] });
    expect((await admin('PUT', `/admin/v1/orgs/${org.id}/members/${alice.id}`, { roles: ['member'] })).status).toBe(
      200,
    );
    const last = await admin('PUT', `/admin/v1/orgs/${org.id}/members/${bob.id}`, { roles: ['admin'] });
    expect([last.status, last.json()]).toEqual([409, { error: 'the last owner cannot leave or lose ownership' }]);
    expect((await admin('DELETE', `/admin/v1/orgs/${org.id}/members/${bob.id}`)).status).toBe(409);
    expect((await admin('PUT', `/admin/v1/orgs/${org.id}/members/${carol.id}`, { roles: ['member'] })).status).toBe(
      404,
    );
    expect((await admin('PUT', `/admin/v1/orgs/${org.id}/members/${bob.id}`, { roles: ['root'] })).status).toBe(400);

    // Carol's address is unverified: refused, until the organisation allows it.
    expect((await carol.send('POST', `/auth/invitations/${toCarol.token}/accept`)).status).toBe(403);
    const allowed = await admin('PATCH', `/admin/v1/orgs/${org.id}`, { allow_unverified_invitations: true });
    expect((allowed.json() as Org).allow_unverified_invitations).toBe(true);
    expect((await carol.send('POST', `/auth/invitations/${toCarol.token}/accept`)).status).toBe(200);
    expect((await admin('PATCH', `/admin/v1/orgs/${org.id}`, {})).status).toBe(400);

    // Revoked: gone from the page, and the token no longer joins anybody.
    expect((await admin('DELETE', `/admin/v1/orgs/${org.id}/invitations/${toNobody.id}`)).status).toBe(204);
    expect((await admin('DELETE', `/admin/v1/orgs/${org.id}/invitations/${toNobody.id}`)).status).toBe(404);
    expect((await carol.send('POST', `/auth/invitations/${toNobody.token}/accept`)).status).toBe(404);
    expect(((await admin('GET', `/admin/v1/orgs/${org.id}`)).json() as typeof detail).invitations).toEqual([]);

    // Deleting: refused with members; forced, the members' cached tokens are refused on both gateways.
    const refused = await admin('DELETE', `/admin/v1/orgs/${org.id}`);
    expect(refused.status).toBe(409);
    expect((await admin('GET', `/admin/v1/orgs/${org.id}`)).status).toBe(200);
    expect((await bob.send('POST', `/auth/orgs/${org.id}/switch`)).status).toBe(200);
    const bobToken = (await bob.cookie('JWT')) as string;
    expect((await new Browser(second.url).get('/auth/user', { 'x-jwt': bobToken })).status).toBe(200);
    const deleted = await admin('DELETE', `/admin/v1/orgs/${org.id}?force=true`);
    expect([deleted.status, deleted.json()]).toEqual([200, { deleted: true, members: 3 }]);
    const [here, there] = await Promise.all([
      refusedWithin(stack.url, bobToken, 1000),
      refusedWithin(second.url, bobToken, 1000),
    ]);
    expect(here).toBeGreaterThanOrEqual(0);
    expect(there).toBeGreaterThanOrEqual(0);
    expect((await admin('GET', `/admin/v1/orgs/${org.id}`)).status).toBe(404);
    expect((await admin('DELETE', `/admin/v1/orgs/${org.id}?force=true`)).status).toBe(404);

    const { rows } = await db.query(
      `SELECT type, actor_kind, actor_id, subject_user FROM events.events WHERE data->>'org_id' = $1
       AND actor_kind = 'admin' ORDER BY id`,
      [org.id],
    );
    expect(rows.map((r) => r.type)).toEqual([
      'organization.created',
      'membership.added',
      'membership.roles_changed',
      'membership.roles_changed',
      'organization.updated',
      'invitation.revoked',
      'membership.removed',
      'membership.removed',
      'membership.removed',
      'organization.deleted',
    ]);
    expect(new Set(rows.map((r) => r.actor_id))).toEqual(new Set(['operator']));
  });

  it('is refused to anybody but an admin, and on the public port', async () => {
    const user = await login('adm-org-plain');
    const asUser = await new Browser(`http://127.0.0.1:${stack.ports.admin}`).get('/admin/v1/orgs', {
      'x-jwt': (await user.cookie('JWT')) as string,
    });
    expect(asUser.status).toBe(403);
    expect((await new Browser(`http://127.0.0.1:${stack.ports.admin}`).get('/admin/v1/orgs')).status).toBe(401);
    expect((await new Browser(stack.url).get('/admin/v1/orgs', { authorization: `Bearer ${operator}` })).status).toBe(
      404,
    );
    expect((await admin('GET', '/admin/v1/orgs/Bad%20Slug')).status).toBe(400);
    expect((await admin('DELETE', '/admin/v1/orgs/no-such-org')).status).toBe(404);
  });
});

describe('pnpm admin orgs', () => {
  it('creates, lists, shows, sets roles, deletes; a refusal exits 1 with the API error', async () => {
    const owner = await login('cli-org-owner');
    const made = cli(['create', '--name', 'CLI Org', '--slug', 'cli-org', '--owner', owner.id]);
    expect([made.status, made.stderr]).toEqual([0, '']);
    const org = JSON.parse(made.stdout) as Org;
    expect(org).toMatchObject({ slug: 'cli-org', members: 1 });
    const listed = cli(['list', '--query', 'cli-']);
    expect(
      listed.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as Org).id),
    ).toEqual([org.id]);
    expect((JSON.parse(cli(['show', 'cli-org']).stdout) as { members: unknown[] }).members).toHaveLength(1);
    const members = cli(['members', 'cli-org', '--all']);
    expect(JSON.parse(members.stdout.trim())).toMatchObject({ user_id: owner.id, roles: ['owner'] });
    const set = cli(['set-roles', 'cli-org', owner.id, 'owner,admin']);
    expect(JSON.parse(set.stdout)).toEqual({ user_id: owner.id, roles: ['owner', 'admin'] });
    const updated = cli(['update', 'cli-org', '--name', 'CLI Org 2', '--allow-unverified-invitations', 'true']);
    expect(JSON.parse(updated.stdout)).toMatchObject({ name: 'CLI Org 2', allow_unverified_invitations: true });
    const refused = cli(['delete', 'cli-org']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('409: the organization has members');
    const deleted = cli(['delete', 'cli-org', '--force']);
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: true, members: 1 });
    expect(cli(['show', 'cli-org']).status).toBe(1);
    expect(cli(['set-roles', 'cli-org']).status).toBe(2);
  });
});

describe('the admin page', () => {
  itWithChromium(
    'finds, creates, opens, sets roles, revokes, allows unverified addresses, removes a member, deletes',
    async () => {
      const owner = await login('page-org-owner', 'page-owner@orgs.test');
      const member = await login('page-org-member', 'page-member@orgs.test');
      const chromium = await launchChromium();
      try {
        const page = await chromium.context.newPage();
        page.setDefaultTimeout(10_000);
        const dialogs: string[] = [];
        page.on('dialog', (dialog) => {
          dialogs.push(dialog.message());
          void dialog.accept();
        });
        const status = page.locator('#message');
        await page.goto(`http://127.0.0.1:${stack.ports.admin}/#/orgs`);
        await page.getByLabel(/Operator token/).fill(operator);
        await page.getByRole('button', { name: 'Use', exact: true }).click();
        await status.getByText('Using the operator token.').waitFor();

        await page.getByLabel('Organisation name', { exact: true }).fill('Page Org');
        await page.getByLabel('Slug', { exact: true }).fill('page-org');
        await page.getByLabel(/Owner's user id/).fill(owner.id);
        await page.getByRole('button', { name: 'Create organisation' }).click();
        await status.getByText('Organisation page-org created.').waitFor();
        await page.locator('#org-title').getByText('Page Org (page-org)').waitFor();
        const orgId = ((await admin('GET', '/admin/v1/orgs/page-org')).json() as { organization: Org }).organization.id;

        // The owner invites two addresses; one joins.
        const invite = async (email: string) =>
          (await owner.send('POST', `/auth/orgs/${orgId}/invitations`, { email, roles: ['member'] })).json() as {
            id: string;
            token: string;
          };
        const toMember = await invite('page-member@orgs.test');
        expect((await member.send('POST', `/auth/invitations/${toMember.token}/accept`)).status).toBe(200);
        await invite('page-stranger@orgs.test');

        await page.getByLabel(/Organisation name or slug prefix/).fill('PAGE-');
        await page.getByRole('button', { name: 'Find organisations' }).click();
        const row = page.locator('#org-rows tr').filter({ hasText: 'page-org' });
        await row.waitFor();
        expect(await page.locator('#org-rows tr').count()).toBe(1);
        await row.getByRole('button', { name: 'Show' }).click();
        await page.locator('#org-summary').getByText(`${orgId}: 2 member(s)`).waitFor();
        expect(await page.locator('#org-member-rows tr').count()).toBe(2);
        await page
          .locator('#org-invitations li')
          .getByText(/page-stranger@orgs.test as member/)
          .waitFor();

        const roles = page.getByLabel(`Roles of ${member.id}`);
        await roles.fill('admin, member');
        await page
          .locator(`#org-member-rows tr[data-user-id="${member.id}"]`)
          .getByRole('button', { name: 'Save roles' })
          .click();
        await status.getByText(`Roles of ${member.id}: admin, member.`).waitFor();
        await roles.fill('root');
        await page
          .locator(`#org-member-rows tr[data-user-id="${member.id}"]`)
          .getByRole('button', { name: 'Save roles' })
          .click();
        await status.getByText('roles: root is not a role of this deployment').waitFor();

        await page.locator('#org-invitations li').getByRole('button', { name: 'Revoke' }).click();
        await status.getByText('Invitation revoked.').waitFor();
        await page.locator('#org-no-invitations').waitFor();

        await page.getByLabel(/without the invited address verified/).check();
        await status.getByText('Unverified addresses may accept invitations.').waitFor();
        expect(
          ((await admin('GET', `/admin/v1/orgs/${orgId}`)).json() as { organization: Org }).organization,
        ).toMatchObject({
          allow_unverified_invitations: true,
        });

        await page
          .locator(`#org-member-rows tr[data-user-id="${member.id}"]`)
          .getByRole('button', { name: 'Remove' })
          .click();
        await status.getByText(`${member.id} removed.`).waitFor();
        expect(await page.locator('#org-member-rows tr').count()).toBe(1);
        expect((await member.send('GET', '/auth/user')).status).toBe(401);

        await page.getByRole('button', { name: 'Delete organisation' }).click();
        await status.getByText('page-org deleted (1 member(s) removed).').waitFor();
        expect(dialogs.at(-1)).toBe(
          'Delete page-org and remove its 1 member(s), whose sessions end? This cannot be undone.',
        );
        expect((await admin('GET', `/admin/v1/orgs/${orgId}`)).status).toBe(404);
        // The admin page's script is the admin listener's only: the public /orgs.js is the user page's own.
        const publicScript = await new Browser(stack.url).get('/orgs.js');
        expect(publicScript.text).not.toContain('/admin/v1/');
      } finally {
        await chromium.close();
      }
    },
    60_000,
  );
});
