// The admin API from a shell (docs/accounts.md "Administration"), for scripts: each command is one call
// to the gateway's admin listener with an operator workload token, signed here as `pnpm -s
// internal-token admin` signs it. Answers are printed as JSON (a list: one user per line); a refusal is
// the API's own `error` on stderr and exit code 1.
//   pnpm -s admin users list [--query q] [--status active|blocked] [--provider p] [--limit n] [--all]
//   pnpm -s admin users show|unblock|delete|export|end-sessions <user id>
//   pnpm -s admin users block <user id> --reason "..."
//   pnpm -s admin users unlink <user id> <identity id>
// ADMIN_ADDR (default 127.0.0.1:8081) says where the admin listener is; INTERNAL_KEYS_DIR where the
// operator key is (default: pnpm start's .data/workload-keys).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { environment } from '../packages/config/src/index';
import { InternalAuth } from '../packages/grpc-kit/src/internal-auth';

const USAGE = `usage: admin users list [--query q] [--status active|blocked] [--provider p] [--limit n] [--all]
       admin users show|unblock|delete|export|end-sessions <user id>
       admin users block <user id> --reason "..."
       admin users unlink <user id> <identity id>`;

class UsageError extends Error {}

async function operatorToken(): Promise<string> {
  const root = environment().INTERNAL_KEYS_DIR ?? path.resolve(__dirname, '..', '.data', 'workload-keys');
  const own = path.join(root, 'operator');
  const dir = existsSync(path.join(own, 'operator.key.json')) ? own : root;
  return (await InternalAuth.load(dir, 'operator')).sign('admin', 60);
}

async function call(method: string, route: string, body?: unknown): Promise<unknown> {
  const base = `http://${environment().ADMIN_ADDR ?? '127.0.0.1:8081'}`;
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${await operatorToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new Error(`${res.status}: ${(parsed as { error?: string } | undefined)?.error ?? text}`);
  return parsed;
}

const user = (id: string | undefined) => {
  if (!id) throw new UsageError('a user id is required');
  return `/admin/v1/users/${encodeURIComponent(id)}`;
};

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      query: { type: 'string' },
      status: { type: 'string' },
      provider: { type: 'string' },
      limit: { type: 'string' },
      all: { type: 'boolean' },
      reason: { type: 'string' },
    },
  });
  const [area, command, id, identity] = positionals;
  if (area !== 'users') throw new UsageError(`unknown area ${area ?? '(none)'}`);
  const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));
  switch (command) {
    case 'list': {
      let cursor = '';
      do {
        const query = new URLSearchParams({
          ...(values.query ? { query: values.query } : {}),
          ...(values.status ? { status: values.status } : {}),
          ...(values.provider ? { provider: values.provider } : {}),
          ...(values.limit ? { limit: values.limit } : {}),
          ...(cursor ? { cursor } : {}),
        });
        const page = (await call('GET', `/admin/v1/users?${query}`)) as { users: unknown[]; next: string | null };
        for (const u of page.users) console.log(JSON.stringify(u));
        cursor = values.all ? (page.next ?? '') : '';
      } while (cursor);
      return;
    }
    case 'show':
      return print(await call('GET', user(id)));
    case 'export':
      return print(await call('GET', `${user(id)}/export`));
    case 'block':
      if (!values.reason) throw new UsageError('block needs --reason');
      return print(await call('POST', `${user(id)}/block`, { reason: values.reason }));
    case 'unblock':
      await call('POST', `${user(id)}/unblock`);
      return;
    case 'end-sessions':
      return print(await call('POST', `${user(id)}/sessions/end`));
    case 'unlink':
      if (!identity) throw new UsageError('unlink needs an identity id');
      await call('DELETE', `${user(id)}/identities/${encodeURIComponent(identity)}`);
      return;
    case 'delete':
      await call('DELETE', user(id));
      return;
    default:
      throw new UsageError(`unknown command ${command ?? '(none)'}`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof UsageError ? `${err.message}\n${USAGE}` : (err as Error).message);
  process.exit(err instanceof UsageError ? 2 : 1);
});
