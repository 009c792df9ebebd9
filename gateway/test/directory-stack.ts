// The stack of the user directory's HTTP tests (directory.test.ts, admin-api.test.ts): real auth (with
// its own Postgres database, so the directory is on), avatar, payment (its own database and the
// development processor, so cards hold money) and two gateways, each with its admin listener.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { type Answer, Browser } from '@gatehouse/test-kit/browser';
import { createTestDatabase, type TestDatabase } from '@gatehouse/test-kit/databases';
import { processorEnv } from '@gatehouse/test-kit/processor';
import { ROOT, type Stack, startStack } from '@gatehouse/test-kit/stack';
import { totpCode } from '@gatehouse/test-kit/totp-code';
import { type DevProcessor, startDevProcessor } from '../../services/payment/src/processor/dev';

export interface DirectoryStack {
  stack: Stack;
  authDb: TestDatabase;
  /** The development processor payment charges (faults, held answers). */
  processor: DevProcessor;
  adminUrl: string;
  second: { url: string; adminUrl: string };
  /** A workload caller token of `identity` for `audience`, as `pnpm -s internal-token` prints it. */
  workloadToken(audience: string, identity?: string): string;
  /** `pnpm admin ...` (scripts/admin.ts) against the first gateway's admin listener. */
  adminCli(args: string[]): { status: number | null; stdout: string; stderr: string };
  stop(): Promise<void>;
}

export async function startDirectoryStack(env: Record<string, string> = {}): Promise<DirectoryStack> {
  const authDb = await createTestDatabase('gh_gw_dir_auth');
  const paymentDb = await createTestDatabase('gh_gw_dir_pay');
  let fake: DevProcessor | undefined;
  let stack: Stack | undefined;
  try {
    fake = await startDevProcessor();
    stack = await startStack({
      services: ['auth', 'avatar', 'payment', 'gateway'],
      authDatabaseUrl: authDb.url,
      env: {
        DATABASE_URL: paymentDb.url,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        ...processorEnv(fake, '2s'),
        ...env,
      },
    });
    const second = await stack.addGateway();
    const keysRoot = path.join(stack.dataDir, 'internal-keys');
    const started = stack;
    return {
      stack,
      authDb,
      processor: fake,
      adminUrl: `http://127.0.0.1:${stack.ports.admin}`,
      second,
      workloadToken: (audience, identity = 'operator') =>
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/internal-token.ts', audience, identity], {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', INTERNAL_KEYS_DIR: keysRoot },
        })
          .toString()
          .trim(),
      adminCli: (args) => {
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? '',
            INTERNAL_KEYS_DIR: keysRoot,
            ADMIN_ADDR: `127.0.0.1:${started.ports.admin}`,
          },
          encoding: 'utf8',
        });
        return { status: run.status, stdout: run.stdout, stderr: run.stderr };
      },
      async stop() {
        await started.stop();
        await fake?.close();
        await authDb.drop();
        await paymentDb.drop();
      },
    };
  } catch (err) {
    await stack?.stop();
    await fake?.close();
    await authDb.drop();
    await paymentDb.drop();
    throw err;
  }
}

/** A browser that sends JSON with the XSRF header, as the page's script does. */
export class PageBrowser extends Browser {
  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    return this.request(method, path, {
      headers: { 'content-type': 'application/json', 'x-xsrf-token': await this.xsrf() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /**
   * Links the dev user `name` to this browser's session as the page does: POST /auth/dev/link with the
   * XSRF header, then the provider's page it answers, then the callback (its answer is returned).
   */
  async devLink(name: string, from = ''): Promise<Answer> {
    const started = await this.send('POST', `/auth/dev/link${from ? `?from=${encodeURIComponent(from)}` : ''}`);
    if (started.status !== 200) return started;
    return this.devAuthorize((started.json() as { url: string }).url, name);
  }

  /** The user id of this browser's session. */
  async userId(): Promise<string> {
    const res = await this.send('GET', '/auth/user');
    if (res.status !== 200) throw new Error(`/auth/user answered ${res.status}: ${res.text}`);
    return (res.json() as { id: string }).id;
  }
}

/** A browser logged in as `name` through the dev provider. */
export async function loggedIn(url: string, name: string): Promise<PageBrowser> {
  const browser = new PageBrowser(url);
  const res = await browser.devLogin(name);
  if (res.status !== 200) throw new Error(`login of ${name} answered ${res.status}: ${res.text}`);
  return browser;
}

/**
 * A dev login of `name` with TOTP set up and given, as an admin user logs in: the first session turns
 * TOTP on, the second logs in again with a code (`amr` then has `otp`).
 */
export async function totpLogin(url: string, name: string): Promise<PageBrowser> {
  const first = await loggedIn(url, name);
  const setup = await first.send('POST', '/auth/totp/setup');
  const { secret } = setup.json() as { secret: string };
  const code = (steps: number) => totpCode(secret, steps);
  const activated = await first.send('POST', '/auth/totp/activate', { code: await code(-1) });
  if (activated.status !== 200) throw new Error(`TOTP activation answered ${activated.status}: ${activated.text}`);
  const b = new PageBrowser(url);
  const pending = await b.devLogin(name);
  if ((pending.json() as { second_factor?: string }).second_factor !== 'totp')
    throw new Error(`no second factor asked: ${pending.text}`);
  const verified = await b.request('POST', '/auth/totp/verify', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: await code(0) }),
  });
  if (verified.status !== 200) throw new Error(`TOTP verify answered ${verified.status}: ${verified.text}`);
  return b;
}
