// `pnpm admin webhooks ...` (scripts/admin.ts): the trail's webhook endpoints on the admin API
// (docs/events.md): each endpoint, its deliveries and their retries. Options are admin.ts's (--url,
// --types, --description, --reason, --limit).
import type { AdminCli } from './admin-clients';

export const WEBHOOKS_USAGE = `       admin webhooks list | show|delete|enable|rotate-secret <id> | deliveries <id> [--limit n]
       admin webhooks create --url https://... --types 'load.*,user.*' [--description "..."]
       admin webhooks update <id> [--url https://...] [--types 'load.*'] [--description "..."]
       admin webhooks disable <id> [--reason "..."]
       admin webhooks retry <webhook id> <delivery id>`;

export async function webhooksCommand(
  cli: AdminCli,
  command: string | undefined,
  [id, delivery]: string[],
  values: Record<string, string | boolean | undefined>,
): Promise<void> {
  const { call, print } = cli;
  const webhook = (id: string | undefined) => {
    if (!id) throw cli.usage('a webhook id is required');
    return `/admin/v1/webhooks/${encodeURIComponent(id)}`;
  };
  switch (command) {
    case 'list':
      return print(await call('GET', '/admin/v1/webhooks'));
    case 'show':
      return print(await call('GET', webhook(id)));
    case 'create': {
      if (typeof values.url !== 'string' || typeof values.types !== 'string') {
        throw cli.usage('create needs --url and --types');
      }
      const eventTypes = values.types.split(',').map((t) => t.trim());
      const body = { url: values.url, event_types: eventTypes, description: values.description ?? '' };
      return print(await call('POST', '/admin/v1/webhooks', body));
    }
    case 'update': {
      // Only what is given is sent: the API keeps the rest.
      const body: Record<string, unknown> = {};
      if (typeof values.url === 'string') body.url = values.url;
      if (typeof values.types === 'string') body.event_types = values.types.split(',').map((t) => t.trim());
      if (typeof values.description === 'string') body.description = values.description;
      if (Object.keys(body).length === 0) throw cli.usage('update needs --url, --types or --description');
      return print(await call('PATCH', webhook(id), body));
    }
    case 'disable':
      return print(await call('POST', `${webhook(id)}/disable`, { reason: values.reason ?? '' }));
    case 'delete':
      await call('DELETE', webhook(id));
      return;
    case 'enable':
      return print(await call('POST', `${webhook(id)}/enable`));
    case 'rotate-secret':
      return print(await call('POST', `${webhook(id)}/rotate-secret`));
    case 'deliveries': {
      const query = typeof values.limit === 'string' ? `?limit=${encodeURIComponent(values.limit)}` : '';
      return print(await call('GET', `${webhook(id)}/deliveries${query}`));
    }
    case 'retry':
      if (!delivery) throw cli.usage('retry needs a delivery id');
      await call('POST', `${webhook(id)}/deliveries/${encodeURIComponent(delivery)}/retry`);
      return;
    default:
      throw cli.usage(`unknown command ${command ?? '(none)'}`);
  }
}
