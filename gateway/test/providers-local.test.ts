// The local OAuth2 server as a provider of this same service, over real processes: an HTTP client
// through its login page, then a real browser (Debian's chromium driven by playwright-core) from the
// gateway's / page to the user shown on it.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Browser } from '@gatehouse/test-kit/browser';
import { type Stack, startStack } from '@gatehouse/test-kit/stack';
import { itWithChromium, launchChromium } from './chromium';

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/** `htpasswd -nbB alice wonderland-pass`: the users of the local server. */
const HTPASSWD = 'alice:$2b$10$yBQDdKySAcroT4KTl5jpTeU6wkMbSiG2afsMjKcQek4HyAEN9BeuK\n';

let stack: Stack;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'gh-local-'));
  writeFileSync(path.join(dir, 'users.htpasswd'), HTPASSWD);
  writeFileSync(
    path.join(dir, 'auth.yaml'),
    [
      'providers:',
      '  - name: corp-local',
      '    type: local',
      '    url: http://127.0.0.1:0',
      '    port: 0',
      `    htpasswdFile: ${path.join(dir, 'users.htpasswd')}`,
      '',
    ].join('\n'),
  );
  stack = await startStack({
    services: ['auth', 'avatar', 'gateway'],
    env: { AUTH_CONFIG: path.join(dir, 'auth.yaml'), AUTH_DEV_PROVIDER: 'false' },
  });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Follows redirects (any origin) until one lands on the gateway or a page answers. */
async function follow(browser: Browser, method: string, url: string, body?: Record<string, string>) {
  let res = await browser.request(method, url, {
    headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
  let at = url;
  while ([302, 303].includes(res.status) && !(res.headers.get('location') as string).startsWith(stack.url)) {
    at = new URL(res.headers.get('location') as string, at).href;
    res = await browser.request('GET', at);
  }
  return { res, at };
}

describe('local OAuth2 server as a provider', () => {
  it('logs in through its login page with the htpasswd users, and refuses a wrong password', async () => {
    const browser = new Browser(stack.url);
    expect((await browser.get('/auth/list')).json()).toEqual(['corp-local']);
    const start = await browser.get('/auth/corp-local/login?noava=1');
    expect(start.status).toBe(302);
    const page = await follow(browser, 'GET', start.headers.get('location') as string);
    expect(page.res.status).toBe(200);
    expect(page.res.text).toContain('name="password"');

    const wrong = await follow(browser, 'POST', `${page.at}/login`, { username: 'alice', password: 'guess' });
    expect(wrong.res.status).toBe(403);
    expect(wrong.res.text).toContain('incorrect user or password');

    const ok = await follow(browser, 'POST', `${page.at}/login`, { username: 'alice', password: 'wonderland-pass' });
    const callback = await browser.request('GET', ok.res.headers.get('location') as string);
    expect(callback.status).toBe(200);
    expect(callback.json()).toMatchObject({ id: `corp-local_${sha1('alice')}`, name: 'alice' });
  });

  itWithChromium('logs in with a real browser from the / page and shows the user', async () => {
    const { context, close } = await launchChromium();
    try {
      const page = await context.newPage();
      await page.goto(`${stack.url}/`);
      await page.getByRole('link', { name: 'corp-local' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
      await page.getByLabel('User name').fill('alice');
      await page.getByLabel('Password').fill('wonderland-pass');
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(`${stack.url}/`);
      await page.locator('#user').waitFor({ state: 'visible' });
      expect(await page.locator('#name').textContent()).toBe('alice');
      expect(await page.locator('#details').textContent()).toContain(`corp-local_${sha1('alice')}`);
    } finally {
      await close();
    }
  });
});
