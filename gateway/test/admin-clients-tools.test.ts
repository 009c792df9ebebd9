// `pnpm admin clients ...` and the admin page's OpenID clients (docs/openid-provider.md "Clients") against
// the real stack: the CLI makes, lists, shows, changes, rotates and deletes a client and exits 1 with the
// API's error; the page, in Chromium with an operator token, makes a client and shows its secret once,
// rotates it (the new secret taken at the issuer), deletes it, and shows a refusal's description.

import { type ClientsStack, type Made, REDIRECT, startClientsStack } from './admin-clients-support';
import { itWithChromium, launchChromium } from './chromium';

let c: ClientsStack;
beforeAll(async () => {
  c = await startClientsStack();
}, 90_000);
afterAll(async () => {
  await c?.stack.stop();
});

describe('pnpm admin clients', () => {
  it('creates, lists, shows, updates, rotates and deletes; bad metadata exits 1 with the error', () => {
    const created = c.stack.adminCli([
      'clients',
      'create',
      '--id',
      'cli-app',
      '--name',
      'CLI app',
      '--redirect-uri',
      REDIRECT,
      '--redirect-uri',
      'http://127.0.0.1:8090/callback',
      '--first-party',
      '--access-token-ttl',
      '900',
    ]);
    expect(created.status).toBe(0);
    const made = JSON.parse(created.stdout) as Made;
    expect(made).toMatchObject({
      client_id: 'cli-app',
      redirect_uris: [REDIRECT, 'http://127.0.0.1:8090/callback'],
      first_party: true,
      access_token_ttl: 900,
    });
    expect(made.client_secret).toBeTruthy();
    const listed = c.stack.adminCli(['clients', 'list']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('"cli-app"');
    expect(listed.stdout).not.toContain(made.client_secret);
    const updated = c.stack.adminCli(['clients', 'update', 'cli-app', '--name', 'CLI app 2']);
    expect(JSON.parse(updated.stdout)).toMatchObject({ client_name: 'CLI app 2', access_token_ttl: 900 });
    const rotated = JSON.parse(c.stack.adminCli(['clients', 'rotate-secret', 'cli-app']).stdout) as Made;
    expect(rotated.client_secret).toBeTruthy();
    expect(rotated.client_secret).not.toBe(made.client_secret);
    expect(JSON.parse(c.stack.adminCli(['clients', 'show', 'cli-app']).stdout)).toMatchObject({
      client_name: 'CLI app 2',
    });
    const bad = c.stack.adminCli(['clients', 'update', 'cli-app', '--redirect-uri', 'https://*.example.com/']);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('400: invalid_redirect_uri: redirect_uris must be exact URIs, without wildcards');
    expect(c.stack.adminCli(['clients', 'delete', 'cli-app']).status).toBe(0);
    const gone = c.stack.adminCli(['clients', 'show', 'cli-app']);
    expect(gone.status).toBe(1);
    expect(gone.stderr).toContain('404: not_found');
    const usage = c.stack.adminCli(['clients', 'show']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('admin clients create');
  });
});

describe('the admin page', () => {
  itWithChromium(
    'lists clients, makes one and shows its secret once, rotates it, deletes it',
    async () => {
      const chromium = await launchChromium();
      try {
        const page = await chromium.context.newPage();
        page.setDefaultTimeout(10_000);
        page.on('dialog', (dialog) => void dialog.accept());
        await page.goto(`${c.stack.adminUrl}/#/clients`);
        await page.getByLabel(/Operator token/).fill(c.operator);
        await page.getByRole('button', { name: 'Use' }).click();
        await page.locator('#message').getByText('Using the operator token.').waitFor();

        await page.getByLabel('Name', { exact: true }).fill('Page app');
        await page.getByLabel(/Redirect URIs/).fill(`${REDIRECT}\nhttps://rp.example/other`);
        await page.getByLabel(/First party/).check();
        await page.getByRole('button', { name: 'Create client' }).click();
        await page
          .locator('#message')
          .getByText(/Client .* created\./)
          .waitFor();
        const secret = (await page.locator('#client-secret').textContent()) as string;
        expect(secret.length).toBeGreaterThanOrEqual(43);
        const row = page.locator('#client-rows tr').filter({ hasText: 'Page app' });
        await row.waitFor();
        const id = (await row.getAttribute('data-client-id')) as string;
        expect(await row.textContent()).toContain('client_secret_basic');
        const listed = (await c.admin('GET', `/admin/v1/clients/${id}`)).json() as Made;
        expect(listed).toMatchObject({ client_name: 'Page app', first_party: true });
        expect(listed.redirect_uris).toEqual([REDIRECT, 'https://rp.example/other']);

        await row.getByRole('button', { name: 'Rotate secret' }).click();
        await page.locator('#message').getByText('Secret rotated.').waitFor();
        const rotated = (await page.locator('#client-secret').textContent()) as string;
        expect(rotated).not.toBe(secret);
        const config = await c.discover(id, rotated);
        expect(config.serverMetadata().issuer).toBe(c.stack.issuer);

        await page.getByRole('button', { name: 'List clients' }).click();
        await expect(page.locator('#client-secret-box').isHidden()).resolves.toBe(true);
        await row.getByRole('button', { name: 'Delete' }).click();
        await page.locator('#message').getByText('Client deleted.').waitFor();
        await row.waitFor({ state: 'detached' });
        expect((await c.admin('GET', `/admin/v1/clients/${id}`)).status).toBe(404);

        await page.getByLabel('Name', { exact: true }).fill('Bad app');
        await page.getByLabel(/Redirect URIs/).fill('https://*.example.com/');
        await page.getByRole('button', { name: 'Create client' }).click();
        await page
          .locator('#message')
          .getByText(/invalid_redirect_uri: .*wildcards/)
          .waitFor();
      } finally {
        await chromium.close();
      }
    },
    60_000,
  );
});
