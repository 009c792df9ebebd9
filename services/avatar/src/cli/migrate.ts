// `pnpm avatar:migrate --from <address> --to <address>`: copies every avatar between two stores
// (AUTH_AVATAR_STORE address syntax), keeping the ids, with a progress bar and a summary.
import { parseArgs } from 'node:util';
import { createLogger } from '@gatehouse/logger';
import { SingleBar } from 'cli-progress';
import { migrateAvatars, missingSource } from '../migrate';
import { type AvatarStore, openStore } from '../stores';

const USAGE = `usage: pnpm avatar:migrate --from <address> --to <address>

Addresses use the AUTH_AVATAR_STORE syntax:
  .data/avatars | file:///var/avatars        file system
  lmdb:///var/avatars.lmdb                    LMDB file
  postgres://user@host:5432/db?ava_table=avatars
  mongodb://host:27017/db?ava_db=test&ava_coll=avatars_fs`;

export async function runMigrateCommand(argv: string[], out = process.stdout, err = process.stderr): Promise<number> {
  let from: string | undefined;
  let to: string | undefined;
  try {
    const { values } = parseArgs({
      args: argv.filter((a) => a !== '--'),
      options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      out.write(`${USAGE}\n`);
      return 0;
    }
    from = values.from;
    to = values.to;
  } catch (e) {
    err.write(`${(e as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (!from || !to) {
    err.write(`both --from and --to are required\n${USAGE}\n`);
    return 2;
  }
  if (from === to) {
    err.write('--from and --to name the same store\n');
    return 2;
  }
  const missing = missingSource(from);
  if (missing !== undefined) {
    err.write(`--from: ${missing} does not exist\n`);
    return 2;
  }

  const log = createLogger({ name: 'avatar-migrate', level: 'warn', destination: err });
  const opened: AvatarStore[] = [];
  try {
    const source = await openStore(from);
    opened.push(source);
    const target = await openStore(to);
    opened.push(target);
    out.write(`migrating avatars from ${source.description} to ${target.description}\n`);
    const bar = new SingleBar({
      format: 'avatars [{bar}] {percentage}% | {value}/{total} | eta {eta}s',
      stream: err,
      hideCursor: true,
    });
    let started = false;
    const summary = await migrateAvatars(source, target, {
      log,
      onProgress: (done, total) => {
        if (!started) {
          bar.start(total, done);
          started = true;
        } else bar.update(done);
      },
    });
    bar.stop();
    out.write(`listed ${summary.listed}, copied ${summary.copied}, failed ${summary.failedIds.length}\n`);
    for (const id of summary.failedIds) out.write(`  failed: ${id}\n`);
    return summary.failedIds.length === 0 ? 0 : 1;
  } catch (e) {
    err.write(`migration failed: ${(e as Error).message}\n`);
    return 1;
  } finally {
    await Promise.all(opened.map((s) => s.close().catch(() => {})));
  }
}

if (require.main === module) {
  runMigrateCommand(process.argv.slice(2)).then((code) => process.exit(code));
}
