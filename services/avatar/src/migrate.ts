import { AppError } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { isAvatarId } from './avatar-id';
import { AvatarErrors } from './errors';
import { type AvatarStore, openStore, type StoreRegistry } from './stores';

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
    const open = async (address?: string) => {
      if (address === undefined) return this.deps.store;
      // An address that names no store (an unknown scheme, a path the system refuses, a server that is
      // not there) is the operator's to correct, not a fault of this service.
      const store = await openStore(address, this.deps.customStores).catch((err: unknown) => {
        const why = `cannot open the store: ${(err as Error).message}`;
        throw new AppError('failed_precondition', AvatarErrors.STORE_UNOPENED, why, { cause: err });
      });
      opened.push(store);
      return store;
    };
    try {
      const from = await open(fromAddress);
      const to = await open(toAddress);
      this.deps.log.info({ from: from.description, to: to.description }, 'migrating avatars');
      return await migrateAvatars(from, to, { log: this.deps.log });
    } finally {
      await Promise.all(opened.map((s) => s.close()));
    }
  }
}
