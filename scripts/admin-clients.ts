// `pnpm admin clients ...` (scripts/admin.ts): the OpenID provider's clients on the admin API
// (docs/openid-provider.md "Clients"). Metadata is RFC 7591's, from a JSON file (`--metadata file`, `-`
// for stdin) and the flags below, which set the names they stand for on top of it. `create` and
// `rotate-secret` print the client with its secret, shown this once; `update` merges into the client
// (a JSON merge patch: `null` in the file removes a name), `update --replace` sets the whole metadata.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

export const CLIENTS_USAGE = `       admin clients list | show|rotate-secret|delete <client id>
       admin clients create [--metadata file.json|-] [--id id] [--name n] [--redirect-uri u ...]
             [--post-logout-redirect-uri u ...] [--grant-types a,b] [--auth-method m] [--scope "s t"]
             [--first-party] [--backchannel-logout-uri u] [--access-token-ttl s] [--refresh-token-ttl s]
       admin clients update <client id> [--replace] [the same options as create]`;

/** What the clients commands need of admin.ts: its one request, its printer and its usage error. */
export interface AdminCli {
  call(method: string, route: string, body?: unknown): Promise<unknown>;
  print(value: unknown): void;
  usage(message: string): Error;
}

const OPTIONS = {
  metadata: { type: 'string' },
  id: { type: 'string' },
  name: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'grant-types': { type: 'string' },
  'auth-method': { type: 'string' },
  scope: { type: 'string' },
  'first-party': { type: 'boolean' },
  'backchannel-logout-uri': { type: 'string' },
  'access-token-ttl': { type: 'string' },
  'refresh-token-ttl': { type: 'string' },
  replace: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function seconds(cli: AdminCli, flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw cli.usage(`--${flag} takes whole seconds`);
  return Number(text);
}

/** The metadata the options give: the file's, then each flag's name on top. */
function metadataOf(cli: AdminCli, v: Values): Record<string, unknown> {
  let base: Record<string, unknown> = {};
  if (v.metadata !== undefined) {
    const text = readFileSync(v.metadata === '-' ? 0 : v.metadata, 'utf8');
    try {
      base = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw cli.usage(`--metadata ${v.metadata}: not JSON`);
    }
    if (!base || typeof base !== 'object' || Array.isArray(base)) throw cli.usage('--metadata: not a JSON object');
  }
  const flags: Record<string, unknown> = {
    client_id: v.id,
    client_name: v.name,
    redirect_uris: v['redirect-uri'],
    post_logout_redirect_uris: v['post-logout-redirect-uri'],
    grant_types: v['grant-types']?.split(',').map((g) => g.trim()),
    token_endpoint_auth_method: v['auth-method'],
    scope: v.scope,
    first_party: v['first-party'],
    backchannel_logout_uri: v['backchannel-logout-uri'],
    access_token_ttl: seconds(cli, 'access-token-ttl', v['access-token-ttl']),
    refresh_token_ttl: seconds(cli, 'refresh-token-ttl', v['refresh-token-ttl']),
  };
  for (const [name, value] of Object.entries(flags)) if (value !== undefined) base[name] = value;
  return base;
}

export async function clientsCommand(cli: AdminCli, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command, id] = positionals;
  const client = () => {
    if (!id) throw cli.usage('a client id is required');
    return `/admin/v1/clients/${encodeURIComponent(id)}`;
  };
  switch (command) {
    case 'list':
      return cli.print(await cli.call('GET', '/admin/v1/clients'));
    case 'show':
      return cli.print(await cli.call('GET', client()));
    case 'create':
      return cli.print(await cli.call('POST', '/admin/v1/clients', metadataOf(cli, values)));
    case 'update':
      return cli.print(await cli.call(values.replace ? 'PUT' : 'PATCH', client(), metadataOf(cli, values)));
    case 'rotate-secret':
      return cli.print(await cli.call('POST', `${client()}/rotate-secret`));
    case 'delete':
      await cli.call('DELETE', client());
      return;
    default:
      throw cli.usage(`unknown command ${command ?? '(none)'}`);
  }
}
