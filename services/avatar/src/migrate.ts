import { existsSync } from 'node:fs';
import { AppError } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { isAvatarId } from './avatar-id';
import { AvatarErrors } from './errors';
import { type AvatarStore, localPathOf, openStore, type StoreRegistry } from './stores';

export interface MigrationSummary {
  listed: number;
  copied: number;
  failedIds: string[];
}

/**
 * Copies every avatar of `from` into `to` under the same id, so stored picture links keep working
 * (go-pkgz Migrate). A failure of one avatar is logged and skipped, never the end of the run.
 */
export async function migrateAvatars(
  from: AvatarStore,
  to: AvatarStore,
  options: { log: Logger; onProgress?: (done: number, total: number) => void },
): Promise<MigrationSummary> {
  const ids = (await from.list()).filter(isAvatarId);
  const summary: MigrationSummary = { listed: ids.length, copied: 0, failedIds: [] };
  options.onProgress?.(0, ids.length);
  for (const [i, id] of ids.entries()) {
    try {
      const content = await from.get(id);
      if (content === undefined) throw new Error('listed but gone');
      await to.put(id, content);
      summary.copied++;
    } catch (err) {
      summary.failedIds.push(id);
      options.log.warn({ err, avatarId: id }, 'avatar not migrated');
    }
    options.onProgress?.(i + 1, ids.length);
  }
  return summary;
}

/** Migration between store addresses, where an absent address means the service's own store. */
export class Migrator {
  constructor(private readonly deps: { store: AvatarStore; customStores: StoreRegistry; log: Logger }) {}

  async migrate(fromAddress?: string, toAddress?: string): Promise<MigrationSummary> {
    const opened: AvatarStore[] = [];
    const open = async (address: string | undefined, source: boolean) => {
      if (address === undefined) return this.deps.store;
      // An address that names no store (an unknown scheme, a path the system refuses, a server that is
      // not there) is the operator's to correct, not a fault of this service. A source path that is not
      // there is a typo: opening it would make an empty store and "migrate" nothing.
      const unopened = (why: string, cause?: unknown) =>
        new AppError('failed_precondition', AvatarErrors.STORE_UNOPENED, `cannot open the store: ${why}`, { cause });
      const missing = source ? missingSource(address) : undefined;
      if (missing !== undefined) throw unopened(`${missing} does not exist`);
      const store = await openStore(address, this.deps.customStores).catch((err: unknown) => {
        throw unopened((err as Error).message, err);
      });
      opened.push(store);
      return store;
    };
    try {
      const from = await open(fromAddress, true);
      const to = await open(toAddress, false);
      this.deps.log.info({ from: from.description, to: to.description }, 'migrating avatars');
      return await migrateAvatars(from, to, { log: this.deps.log });
    } finally {
      await Promise.all(opened.map((s) => s.close()));
    }
  }
}

/**
 * The path of a source address that names a local store which is not there (a typo: opening it would
 * make an empty store and migrate nothing), else undefined.
 */
export function missingSource(address: string): string | undefined {
  const local = safely(() => localPathOf(address));
  return local !== undefined && !existsSync(local) ? local : undefined;
}

/** What `f` answers, or undefined where it throws (openStore then says what is wrong). */
function safely<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}
