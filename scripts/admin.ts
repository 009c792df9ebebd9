// The admin API from a shell (docs/accounts.md "Administration"), for scripts: each command is one call
// to the gateway's admin listener with an operator workload token, signed here as `pnpm -s
// internal-token admin` signs it. Answers are printed as JSON (a list: one user per line); a refusal is
// the API's own `error` on stderr and exit code 1.
//   pnpm -s admin users list [--query q] [--status active|blocked] [--provider p] [--limit n] [--all]
//   pnpm -s admin users show|unblock|delete|export|end-sessions <user id>
//   pnpm -s admin users block <user id> --reason "..."
//   pnpm -s admin users unlink <user id> <identity id>
//   pnpm -s admin users create <email> [--name n] [--password-stdin]   (no password: an invitation is mailed)
//   pnpm -s admin users reset-password <user id>   (forced: the password stops working, a link is mailed)
//   pnpm -s admin users import FILE (JSON lines of users with their password hashes; - for stdin)
//   pnpm -s admin webhooks list | show|delete|enable|rotate-secret <id> | deliveries <id> [--limit n]
//   pnpm -s admin webhooks create --url https://... --types 'load.*,user.*' [--description "..."]
//   pnpm -s admin webhooks update <id> [--url https://...] [--types 'load.*'] [--description "..."]
//   pnpm -s admin webhooks disable <id> [--reason "..."]
//   pnpm -s admin webhooks retry <webhook id> <delivery id>
//   pnpm -s admin events list [--type t] [--user u] [--actor a] [--from t] [--to t] [--request-id r] [--limit n] [--all]
//   pnpm -s admin events follow [--type t] [--user u] [--actor a] [--request-id r]   (new events as they come; Ctrl-C ends)
//   pnpm -s admin overview   (the console's overview: users, logins and loads per hour, disputes, reconciliation)
//   pnpm -s admin clients list | show|rotate-secret|delete <id> | create|update ... (scripts/admin-clients.ts)
//   pnpm -s admin orgs list|show|members|create|update|set-roles|remove-member|revoke-invitation|delete ... (scripts/admin-orgs.ts)
//   pnpm -s admin limits|reconciliation|disputes ... (scripts/admin-money.ts)
// ADMIN_URL (`https://admin.internal:8081`) or ADMIN_ADDR (host:port, plain http; default
// 127.0.0.1:8081) says where the admin listener is, ADMIN_CA_FILE which CA its certificate is from when
// that is a private one; INTERNAL_KEYS_DIR where the operator key is (default: pnpm start's
// .data/workload-keys). The operator token goes over plain http to loopback only.
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { environment, isLoopbackHost } from '../packages/config/src/index';
import { InternalAuth } from '../packages/grpc-kit/src/internal-auth';
import { CLIENTS_USAGE, clientsCommand } from './admin-clients';
import { followEvents } from './admin-events';
import { importCommand } from './admin-import';
import { MONEY_USAGE, moneyCommand } from './admin-money';
import { ORGS_USAGE, orgsCommand } from './admin-orgs';
import { VELOCITY_USAGE, velocityCommand } from './admin-velocity';
import { WEBHOOKS_USAGE, webhooksCommand } from './admin-webhooks';

const USAGE = `usage: admin users list [--query q] [--status active|blocked] [--provider p] [--limit n] [--all]
       admin users show|unblock|delete|export|end-sessions <user id>
       admin users block <user id> --reason "..."
       admin users unlink <user id> <identity id>
       admin users create <email> [--name n] [--password-stdin]
       admin users reset-password <user id>
       admin users import FILE|-
${WEBHOOKS_USAGE}
       admin events list [--type t] [--user u] [--actor a] [--from t] [--to t] [--request-id r] [--limit n] [--all]
       admin events follow [--type t] [--user u] [--actor a] [--request-id r]
       admin overview
${CLIENTS_USAGE}
${ORGS_USAGE}
${MONEY_USAGE}
${VELOCITY_USAGE}`;

class UsageError extends Error {}

async function operatorToken(): Promise<string> {
  const root = environment().INTERNAL_KEYS_DIR ?? path.resolve(__dirname, '..', '.data', 'workload-keys');
  const own = path.join(root, 'operator');
  const dir = existsSync(path.join(own, 'operator.key.json')) ? own : root;
  return (await InternalAuth.load(dir, 'operator')).sign('admin', 60);
}

/**
 * The admin listener's base URL: ADMIN_URL, else http://ADMIN_ADDR. A token sent over plain http to
 * another machine could be read on the way and replayed for its minute (issue 43): refused here, before
 * anything is sent; such a listener serves https (ADMIN_ALLOW_REMOTE with a certificate).
 */
function adminBase(): URL {
  const env = environment();
  const text = env.ADMIN_URL || `http://${env.ADMIN_ADDR || '127.0.0.1:8081'}`;
  let base: URL;
  try {
    base = new URL(text);
  } catch {
    throw new UsageError(`not a URL: ${text} (ADMIN_URL is https://host:port, ADMIN_ADDR host:port)`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new UsageError('ADMIN_URL: http or https only');
  const host = base.hostname.replace(/^\[(.*)\]$/, '$1');
  if (base.protocol === 'http:' && !isLoopbackHost(host)) {
    throw new Error(
      `refusing to send the operator token over plain http to ${host}, which is not loopback: use https (ADMIN_URL=https://${base.host})`,
    );
  }
  return base;
}

/** One request with node's client, so that ADMIN_CA_FILE (a private CA) can be trusted for this call only. */
function send(url: URL, method: string, headers: Record<string, string>, body?: string) {
  const env = environment();
  const caFile = env.ADMIN_CA_FILE;
  const options = { method, headers, timeout: 30_000, ...(caFile ? { ca: readFileSync(caFile) } : {}) };
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).request(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url.origin} did not answer within 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function call(method: string, route: string, body?: unknown, type = 'application/json'): Promise<unknown> {
  const url = new URL(route, adminBase());
  const text = body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : String(body);
  const res = await send(
    url,
    method,
    { authorization: `Bearer ${await operatorToken()}`, ...(body === undefined ? {} : { 'content-type': type }) },
    text,
  );
  const parsed: unknown = res.text ? JSON.parse(res.text) : undefined;
  if (res.status < 200 || res.status >= 300) {
    // The clients' routes add RFC 7591's error_description to the error word.
    const refusal = parsed as { error?: string; error_description?: string } | undefined;
    const why = refusal?.error_description ? `${refusal.error}: ${refusal.error_description}` : refusal?.error;
    throw new Error(`${res.status}: ${why ?? res.text}`);
  }
  return parsed;
}

const user = (id: string | undefined) => {
  if (!id) throw new UsageError('a user id is required');
  return `/admin/v1/users/${encodeURIComponent(id)}`;
};
const print = (value: unknown) => console.log(JSON.stringify(value, null, 2));

type Options = Record<string, string | boolean | undefined>;
/** The named options that are set, as query parameters (`--request-id` as `request_id`). */
const queryOf = (values: Options, names: string[], cursor = '') => {
  const query = new URLSearchParams();
  for (const n of names) if (typeof values[n] === 'string') query.set(n.replace('-', '_'), values[n] as string);
  if (cursor) query.set('cursor', cursor);
  return query;
};

/** Every page of a keyset-paged list when `all`, else the first: one JSON line per item. */
async function eachPage(route: (cursor: string) => string, key: string, all: boolean): Promise<void> {
  let cursor = '';
  do {
    const page = (await call('GET', route(cursor))) as Record<string, unknown[]> & { next: string | null };
    for (const item of page[key] ?? []) console.log(JSON.stringify(item));
    cursor = all ? (page.next ?? '') : '';
  } while (cursor);
}

async function main(argv: string[]): Promise<void> {
  // The clients' commands read options of their own.
  if (argv[0] === 'clients')
    return clientsCommand({ call, print, usage: (message) => new UsageError(message) }, argv.slice(1));
  if (argv[0] === 'orgs')
    return orgsCommand({ call, print, usage: (message) => new UsageError(message) }, argv.slice(1));
  if (argv[0] === 'limits' || argv[0] === 'reconciliation' || argv[0] === 'disputes')
    return moneyCommand({ call, print, usage: (message) => new UsageError(message) }, argv[0], argv.slice(1));
  if (argv[0] === 'velocity')
    return velocityCommand({ call, print, usage: (message) => new UsageError(message) }, argv.slice(1));
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
      url: { type: 'string' },
      types: { type: 'string' },
      description: { type: 'string' },
      type: { type: 'string' },
      user: { type: 'string' },
      actor: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      'request-id': { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean' },
    },
  });
  const [area, command, ...rest] = positionals;
  if (area === 'users') return users(command, rest, values);
  if (area === 'webhooks')
    return webhooksCommand({ call, print, usage: (message) => new UsageError(message) }, command, rest, values);
  if (area === 'events' && command === 'list') {
    const names = ['type', 'user', 'actor', 'from', 'to', 'request-id', 'limit'];
    return eachPage((cursor) => `/admin/v1/events?${queryOf(values, names, cursor)}`, 'events', values.all === true);
  }
  if (area === 'events' && command === 'follow')
    return followEvents(
      { call, print, usage: (message) => new UsageError(message) },
      queryOf(values, ['type', 'user', 'actor', 'request-id']),
    );
  if (area === 'overview' && command === undefined) return print(await call('GET', '/admin/v1/overview'));
  throw new UsageError(`unknown area or command ${[area, command].filter(Boolean).join(' ') || '(none)'}`);
}

async function users(command: string | undefined, [id, identity]: string[], values: Options): Promise<void> {
  switch (command) {
    case 'list':
      return eachPage(
        (cursor) => `/admin/v1/users?${queryOf(values, ['query', 'status', 'provider', 'limit'], cursor)}`,
        'users',
        values.all === true,
      );
    case 'show':
      return print(await call('GET', user(id)));
    case 'export':
      return print(await call('GET', `${user(id)}/export`));
    case 'block':
      if (typeof values.reason !== 'string') throw new UsageError('block needs --reason');
      return print(await call('POST', `${user(id)}/block`, { reason: values.reason }));
    case 'unblock':
      await call('POST', `${user(id)}/unblock`);
      return;
    case 'end-sessions':
      return print(await call('POST', `${user(id)}/sessions/end`));
    case 'unlink':
      if (!identity) throw new UsageError('unlink needs an identity id');
      // The answer says how many sessions of the user ended with the unlink.
      return print(await call('DELETE', `${user(id)}/identities/${encodeURIComponent(identity)}`));
    case 'delete':
      await call('DELETE', user(id));
      return;
    case 'create': {
      if (!id) throw new UsageError('create needs an email address');
      // Never on the command line (other users see it in the process list): from stdin, one line.
      const password = values['password-stdin'] === true ? (await readStdin()).replace(/\r?\n$/, '') : undefined;
      return print(await call('POST', '/admin/v1/users', { email: id, name: values.name, password }));
    }
    case 'reset-password':
      return print(await call('POST', `${user(id)}/password-reset`));
    case 'import':
      if (!id) throw new UsageError('import needs a file of JSON lines (- for stdin)');
      return importCommand(
        { postLines: (route, body) => call('POST', route, body, 'application/x-ndjson'), print },
        id,
      );
    default:
      throw new UsageError(`unknown command ${command ?? '(none)'}`);
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof UsageError ? `${err.message}\n${USAGE}` : (err as Error).message);
  process.exit(err instanceof UsageError ? 2 : 1);
});
