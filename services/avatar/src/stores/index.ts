import { FsAvatarStore } from './fs';
import { LmdbAvatarStore } from './lmdb';
import type { AvatarStore, StoreFactory } from './store';

/** DATABASE_POOL_MAX and DATABASE_TRANSACTION_POOLING, for a postgres:// store. */
export interface PostgresStoreOptions {
  max?: number;
  transactionPooling?: boolean;
}

export type { AvatarStore, StoreFactory } from './store';

/** Store factories by URL scheme ("lmdb:"); a custom store is one more entry, registered in code. */
export type StoreRegistry = Record<string, StoreFactory>;

/** The built-in stores. Postgres and MongoDB are loaded only when an address names them. */
export function builtinStores(database: PostgresStoreOptions = {}): StoreRegistry {
  return {
    'file:': (address) => FsAvatarStore.open(pathOf(address)),
    'lmdb:': (address) => LmdbAvatarStore.open(pathOf(address)),
    'postgres:': async (address) => (await import('./postgres')).PostgresAvatarStore.open(address, database),
    'postgresql:': async (address) => (await import('./postgres')).PostgresAvatarStore.open(address, database),
    'mongodb:': async (address) => (await import('./mongo')).GridFsAvatarStore.open(address),
    'mongodb+srv:': async (address) => (await import('./mongo')).GridFsAvatarStore.open(address),
  };
}

/**
 * Opens the store an AUTH_AVATAR_STORE address names: a plain path or file://path (file system),
 * lmdb://path, postgres://..., mongodb://host:port/db?ava_db=&ava_coll=, or a scheme of `custom`.
 */
export async function openStore(
  address: string,
  custom: StoreRegistry = {},
  database: PostgresStoreOptions = {},
): Promise<AvatarStore> {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(address)?.[1]?.toLowerCase();
  if (scheme === undefined) return FsAvatarStore.open(address);
  if (scheme === 'bolt') {
    throw new Error('bolt:// avatar stores are BoltDB files, which only Go can read: use lmdb://<path> instead');
  }
  const registry = { ...builtinStores(database), ...custom };
  const factory = registry[`${scheme}:`];
  if (!factory) {
    throw new Error(`unknown avatar store scheme ${scheme}:// (known: ${Object.keys(registry).join(' ')} or a path)`);
  }
  return factory(address);
}

/**
 * The file-system path a plain, file:// or lmdb:// address names; undefined for a store elsewhere (a
 * database, a custom scheme). Opening such a store makes the path when it is missing.
 */
export function localPathOf(address: string): string | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(address)?.[1]?.toLowerCase();
  if (scheme === undefined) return address;
  return scheme === 'file' || scheme === 'lmdb' ? pathOf(address) : undefined;
}

/** The path of file:// and lmdb:// addresses; both `lmdb:///abs/path` and `lmdb://rel/path` work. */
function pathOf(address: string): string {
  const rest = decodeURIComponent(address.replace(/^[a-z]+:\/\//i, ''));
  if (rest === '') throw new Error(`${address} names no path`);
  return rest;
}
