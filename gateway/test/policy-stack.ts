// What the access-policy tests share: the application upstream the gateway proxies to, the AUTH_CONFIG
// routes (one per policy) pointing at it, and a stack started with them and the application's hooks.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type HookFunctions, type RunningHooks, serveHooks } from '@gatehouse/hooks-sdk';
import { createLogger } from '@gatehouse/logger';
import { freePort, type Stack, startStack } from '@gatehouse/test-kit/stack';

export interface Echo {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The application upstream: echoes what it received; /slow never answers; /stream streams. */
async function startEchoServer(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/slow')) return; // never answers
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url?.startsWith('/stream')) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        let n = 0;
        const timer = setInterval(() => {
          res.write(`chunk-${n}\n`);
          if (++n === 3) {
            clearInterval(timer);
            res.end();
          }
        }, 20);
        return;
      }
      const echo: Echo = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': ['JWT=forged; Path=/', 'app=1; Path=/'],
        connection: 'x-upstream-secret',
        'x-upstream-secret': 'hop',
        'x-app': 'yes',
      });
      res.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const silent = createLogger({ name: 'app-hooks', level: 'silent' });

/** The x-gatehouse-user header the gateway sends upstream, decoded. */
export const decodeUser = (header: string | undefined) =>
  header ? JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) : undefined;

export const ADMIN_PASSWORD = 'admin-password-for-tests';
export const ADMIN = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;

interface PolicyUpstream {
  url: string;
  /** Writes an AUTH_CONFIG file routing every policy to this upstream; /down goes to `downPort`. */
  writeConfig(name: string, downPort: number): string;
  close(): Promise<void>;
}

/** Starts the echoing upstream and a folder for its route configs. */
async function startPolicyUpstream(): Promise<PolicyUpstream> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gh-policies-'));
  const { server, url } = await startEchoServer();
  return {
    url,
    writeConfig: (name, downPort) => writeConfig(dir, name, url, downPort),
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function writeConfig(dir: string, name: string, upstreamUrl: string, downPort: number): string {
  const file = path.join(dir, name);
  const route = (prefix: string, policy: string, extra: Record<string, unknown> = {}) => ({
    prefix,
    upstream: upstreamUrl,
    policy,
    ...extra,
  });
  writeFileSync(
    file,
    JSON.stringify({
      routes: [
        route('/open', 'trace'),
        // Nested under /open and listed after it: its own, stricter policy must still apply.
        route('/open/admin', 'admin'),
        route('/app', 'auth', { stripPrefix: true }),
        route('/admin', 'admin'),
        route('/staff', 'rbac:staff,ops'),
        route('/profile', 'update-user'),
        route('/slow', 'auth'),
        route('/stream', 'auth'),
        { prefix: '/down', upstream: `http://127.0.0.1:${downPort}`, policy: 'trace' },
      ],
    }),
  );
  return file;
}

export interface PolicyStack {
  stack: Stack;
  close(): Promise<void>;
}

/**
 * The upstream, the application's hooks served by the SDK as an application would, and auth, avatar and
 * the gateway with the policy routes, the admin password and these hooks; `env` adds the rest.
 */
export async function startPolicyStack(
  hookFunctions: Partial<HookFunctions>,
  env: Record<string, string>,
): Promise<PolicyStack> {
  const upstream = await startPolicyUpstream();
  let hooks: RunningHooks | undefined;
  try {
    hooks = await serveHooks(hookFunctions, { port: 0, log: silent });
    const stack = await startStack({
      services: ['auth', 'avatar', 'gateway'],
      env: {
        AUTH_CONFIG: upstream.writeConfig('auth.json', await freePort()),
        AUTH_ADMIN_PASSWD: ADMIN_PASSWORD,
        AUTH_HOOKS_ADDR: `127.0.0.1:${hooks.port}`,
        ...env,
      },
    });
    return {
      stack,
      async close() {
        await stack.stop();
        await hooks?.close();
        await upstream.close();
      },
    };
  } catch (err) {
    await hooks?.close();
    await upstream.close();
    throw err;
  }
}
