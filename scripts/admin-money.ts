// `pnpm admin limits|reconciliation|disputes ...` (scripts/admin.ts): running the card programme from a
// shell (docs/payments.md "Limit policies", "Reconciliation", "Dispute evidence"). Each command is one
// call to the admin API; answers print as JSON (a policy list: one policy per line).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AdminCli } from './admin-clients';

export const MONEY_USAGE = `       admin limits list [--scope programme|tier|user|card] [--subject s]
       admin limits set <scope> <window> [--subject s] [--max-cents n] [--max-count n] [--reversals-free]
       admin limits delete <scope> <window> [--subject s]
       admin limits tier <user id> [<tier> | --remove]      (windows: '1 day', '7 days', '30 days', '365 days', lifetime)
       admin reconciliation show|run --date yyyy-mm-dd
       admin disputes evidence <dispute id> (--text "..." | --file receipt.pdf) [--category GENERAL]
       admin disputes accept|finalize <dispute id>`;

const OPTIONS = {
  scope: { type: 'string' },
  subject: { type: 'string' },
  'max-cents': { type: 'string' },
  'max-count': { type: 'string' },
  'reversals-free': { type: 'boolean' },
  remove: { type: 'boolean' },
  date: { type: 'string' },
  text: { type: 'string' },
  file: { type: 'string' },
  category: { type: 'string' },
} as const;

/** A whole number of cents or loads, as typed; the API checks it is positive. */
function whole(cli: AdminCli, flag: string, text: string | undefined): number | null {
  if (text === undefined) return null;
  if (!/^\d+$/.test(text)) throw cli.usage(`--${flag} takes a whole number`);
  return Number(text);
}

export async function moneyCommand(cli: AdminCli, area: string, argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const [command, first, second] = positionals;
  const needs = (value: string | undefined, what: string) => {
    if (!value) throw cli.usage(`${area} ${command} needs ${what}`);
    return value;
  };
  const policy = () =>
    `/admin/v1/limit-policies/${encodeURIComponent(needs(first, 'a scope'))}/${encodeURIComponent(needs(second, 'a window'))}`;
  const key = `${area} ${command ?? ''}`;
  switch (key) {
    case 'limits list': {
      const q = new URLSearchParams();
      if (values.scope) q.set('scope', values.scope);
      if (values.subject !== undefined) q.set('subject', values.subject);
      const { policies } = (await cli.call('GET', `/admin/v1/limit-policies?${q}`)) as { policies: unknown[] };
      for (const p of policies) console.log(JSON.stringify(p));
      return;
    }
    case 'limits set': {
      const body = {
        subject: values.subject,
        max_cents: whole(cli, 'max-cents', values['max-cents']),
        max_count: whole(cli, 'max-count', values['max-count']),
        reversals_free: values['reversals-free'] === true,
      };
      if (body.max_cents === null && body.max_count === null) throw cli.usage('set needs --max-cents or --max-count');
      return cli.print(await cli.call('PUT', policy(), body));
    }
    case 'limits delete': {
      const q = values.subject ? `?subject=${encodeURIComponent(values.subject)}` : '';
      await cli.call('DELETE', `${policy()}${q}`);
      return;
    }
    case 'limits tier': {
      const route = `/admin/v1/users/${encodeURIComponent(needs(first, 'a user id'))}/limit-tier`;
      if (values.remove) {
        await cli.call('DELETE', route);
        return;
      }
      return cli.print(await cli.call(second ? 'PUT' : 'GET', route, second ? { tier: second } : undefined));
    }
    case 'reconciliation show':
      return cli.print(
        await cli.call('GET', `/admin/v1/reconciliation?date=${encodeURIComponent(needs(values.date, '--date'))}`),
      );
    case 'reconciliation run':
      return cli.print(await cli.call('POST', '/admin/v1/reconciliation/run', { date: needs(values.date, '--date') }));
    case 'disputes evidence': {
      const route = `/admin/v1/disputes/${encodeURIComponent(needs(first, 'a dispute id'))}/evidence`;
      if ((values.text === undefined) === (values.file === undefined))
        throw cli.usage('evidence needs --text or --file (one of them)');
      const evidence =
        values.text !== undefined
          ? { text: values.text }
          : {
              file: {
                name: path.basename(values.file!),
                content_base64: readFileSync(values.file!).toString('base64'),
              },
            };
      return cli.print(await cli.call('POST', route, { ...evidence, category: values.category }));
    }
    case 'disputes accept':
    case 'disputes finalize':
      return cli.print(
        await cli.call('POST', `/admin/v1/disputes/${encodeURIComponent(needs(first, 'a dispute id'))}/${command}`),
      );
    default:
      throw cli.usage(`unknown command ${key.trim() || '(none)'}`);
  }
}
