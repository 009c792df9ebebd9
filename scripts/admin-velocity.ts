// `pnpm admin velocity ...` (scripts/admin.ts): velocity rules and the loads they flagged, on the admin
// API (docs/payments.md "Velocity rules"). Lists print one JSON line per item (`reviews --all`: every
// page); the rest print the answer as JSON.
import { parseArgs } from 'node:util';
import type { AdminCli } from './admin-clients';

export const VELOCITY_USAGE = `       admin velocity list | show <name> | delete <name>
       admin velocity create|update <name> --subject card|owner|address
             --counts declines|loads|distinct_cards|amount_cents --threshold n --window 10m
             --action block|review [--mode enforce|dry_run]
       admin velocity reviews [--status open|all] [--limit n] [--all]
       admin velocity resolve <review id> --outcome cleared|confirmed [--reason text]`;

const OPTIONS = {
  subject: { type: 'string' },
  counts: { type: 'string' },
  threshold: { type: 'string' },
  window: { type: 'string' },
  action: { type: 'string' },
  mode: { type: 'string' },
  status: { type: 'string' },
  limit: { type: 'string' },
  all: { type: 'boolean' },
  outcome: { type: 'string' },
  reason: { type: 'string' },
} as const;

export async function velocityCommand(cli: AdminCli, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command, ref] = positionals;
  const named = () => {
    if (!ref) throw cli.usage(`${command} needs a rule name`);
    return `/admin/v1/velocity-rules/${encodeURIComponent(ref)}`;
  };
  // The API checks every field and says which is wrong; the threshold is sent as the number typed.
  const rule = () => ({
    subject: values.subject,
    counts: values.counts,
    threshold: values.threshold === undefined ? undefined : Number(values.threshold),
    window: values.window,
    action: values.action,
    ...(values.mode ? { mode: values.mode } : {}),
  });
  switch (command) {
    case 'list': {
      const { rules } = (await cli.call('GET', '/admin/v1/velocity-rules')) as { rules: unknown[] };
      for (const r of rules) console.log(JSON.stringify(r));
      return;
    }
    case 'show':
      return cli.print(await cli.call('GET', named()));
    case 'create':
      named();
      return cli.print(await cli.call('POST', '/admin/v1/velocity-rules', { name: ref, ...rule() }));
    case 'update':
      return cli.print(await cli.call('PUT', named(), rule()));
    case 'delete':
      await cli.call('DELETE', named());
      return;
    case 'reviews': {
      let after = 0;
      do {
        const q = new URLSearchParams({ after: String(after) });
        if (values.status) q.set('status', values.status);
        if (values.limit) q.set('limit', values.limit);
        const page = (await cli.call('GET', `/admin/v1/velocity/reviews?${q}`)) as {
          reviews: unknown[];
          next: number | null;
        };
        for (const r of page.reviews) console.log(JSON.stringify(r));
        after = values.all ? (page.next ?? 0) : 0;
      } while (after);
      return;
    }
    case 'resolve': {
      if (!ref || !/^\d+$/.test(ref)) throw cli.usage('resolve needs a review id');
      if (!values.outcome) throw cli.usage('resolve needs --outcome cleared|confirmed');
      const body = { outcome: values.outcome, reason: values.reason ?? '' };
      return cli.print(await cli.call('POST', `/admin/v1/velocity/reviews/${ref}/resolve`, body));
    }
    default:
      throw cli.usage(`unknown velocity command ${command ?? '(none)'}`);
  }
}
