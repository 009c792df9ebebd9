// `pnpm admin orgs ...` (scripts/admin.ts): organisations on the admin API (docs/organizations.md
// "Administration"). An organisation is named by its id or its slug. Lists print one JSON line per item
// (`--all`: every page); the rest print the answer as JSON.
import { parseArgs } from 'node:util';
import type { AdminCli } from './admin-clients';

export const ORGS_USAGE = `       admin orgs list [--query q] [--limit n] [--all] | show <org> | members <org> [--limit n] [--all]
       admin orgs create --name n --slug s [--owner <user id>]
       admin orgs update <org> [--name n] [--allow-unverified-invitations true|false]
       admin orgs set-roles <org> <user id> <role,role> | remove-member <org> <user id>
       admin orgs revoke-invitation <org> <invitation id> | delete <org> [--force]`;

const OPTIONS = {
  query: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  name: { type: 'string' },
  slug: { type: 'string' },
  owner: { type: 'string' },
  'allow-unverified-invitations': { type: 'string' },
  force: { type: 'boolean' },
} as const;

/** Every page of a keyset-paged list when `all`, else the first: one JSON line per item. */
async function eachPage(cli: AdminCli, route: (cursor: string) => string, key: string, all: boolean) {
  let cursor = '';
  do {
    const page = (await cli.call('GET', route(cursor))) as Record<string, unknown[]> & { next: string | null };
    for (const item of page[key] ?? []) console.log(JSON.stringify(item));
    cursor = all ? (page.next ?? '') : '';
  } while (cursor);
}

function query(values: { query?: string; limit?: string }, cursor: string): string {
  const q = new URLSearchParams();
  if (values.query !== undefined) q.set('query', values.query);
  if (values.limit !== undefined) q.set('limit', values.limit);
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

export async function orgsCommand(cli: AdminCli, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command, ref, second, third] = positionals;
  const org = () => {
    if (!ref) throw cli.usage('an organisation id or slug is required');
    return `/admin/v1/orgs/${encodeURIComponent(ref)}`;
  };
  const needs = (value: string | undefined, what: string) => {
    if (!value) throw cli.usage(`${command} needs ${what}`);
    return encodeURIComponent(value);
  };
  switch (command) {
    case 'list':
      return eachPage(cli, (c) => `/admin/v1/orgs?${query(values, c)}`, 'organizations', values.all === true);
    case 'show':
      return cli.print(await cli.call('GET', org()));
    case 'members':
      return eachPage(
        cli,
        (c) => `${org()}/members?${query({ limit: values.limit }, c)}`,
        'members',
        values.all === true,
      );
    case 'create':
      if (!values.name || !values.slug) throw cli.usage('create needs --name and --slug');
      return cli.print(
        await cli.call('POST', '/admin/v1/orgs', { name: values.name, slug: values.slug, owner_id: values.owner }),
      );
    case 'update': {
      const allow = values['allow-unverified-invitations'];
      if (allow !== undefined && allow !== 'true' && allow !== 'false')
        throw cli.usage('--allow-unverified-invitations takes true or false');
      const body = {
        name: values.name,
        allow_unverified_invitations: allow === undefined ? undefined : allow === 'true',
      };
      return cli.print(await cli.call('PATCH', org(), body));
    }
    case 'set-roles': {
      const user = needs(second, 'a user id');
      const roles = (third ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      if (roles.length === 0) throw cli.usage('set-roles needs roles, comma-separated');
      return cli.print(await cli.call('PUT', `${org()}/members/${user}`, { roles }));
    }
    case 'remove-member':
      await cli.call('DELETE', `${org()}/members/${needs(second, 'a user id')}`);
      return;
    case 'revoke-invitation':
      await cli.call('DELETE', `${org()}/invitations/${needs(second, 'an invitation id')}`);
      return;
    case 'delete':
      return cli.print(await cli.call('DELETE', `${org()}${values.force ? '?force=true' : ''}`));
    default:
      throw cli.usage(`unknown command ${command ?? '(none)'}`);
  }
}
