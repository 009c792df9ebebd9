import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isStorableText } from '@gatehouse/postgres';
import { LRUCache } from 'lru-cache';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Pool } from 'pg';
import { presentClientScope } from './client-scope';

/**
 * A confidential client's secret as the table keeps it: its SHA-256, marked. A secret is 256 random bits
 * made here, so a fast hash is enough (nothing to guess); a row read from a backup authenticates nobody.
 */
const HASH_PREFIX = 'sha256$';

export function hashSecret(secret: string): string {
  return `${HASH_PREFIX}${createHash('sha256').update(secret).digest('hex')}`;
}

/** Whether `presented` is the secret whose hash is `stored` (constant time). */
export function secretMatches(stored: string | undefined, presented: string): boolean {
  if (!stored?.startsWith(HASH_PREFIX)) return false;
  const want = Buffer.from(stored.slice(HASH_PREFIX.length), 'hex');
  const got = createHash('sha256').update(presented).digest();
  return want.length === got.length && timingSafeEqual(want, got);
}

/** How long a replica keeps a client it read: an admin's change applies everywhere within it. */
export const CLIENT_MEMORY_MS = 1000;

/** A new client secret: 32 random bytes, base64url. */
export function newClientSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A new client id: 16 random bytes, base64url (public: it travels in URLs), beginning with a letter or
 * digit (the admin API's client ids, oidc/client-metadata.ts: one beginning with "-" would read as an
 * option on a command line).
 */
export function newClientId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (/^[A-Za-z0-9]/.test(id)) return id;
  }
}

/** A client as the table holds it. */
export interface StoredClient {
  clientId: string;
  /** Registration metadata (RFC 7591 names, plus `first_party`), without a secret. */
  metadata: Record<string, unknown>;
  /** A confidential client's secret, hashed (hashSecret); null for public and private_key_jwt clients. */
  secretHash: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const fromRow = (r: Record<string, unknown>): StoredClient => ({
  clientId: r.client_id as string,
  metadata: r.metadata as Record<string, unknown>,
  secretHash: (r.secret_hash as string | null) ?? null,
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});

/** The OpenID provider's clients in auth's Postgres (table oidc_clients, 008_oidc.sql). */
export class PgClientStore {
  /**
   * Clients read in the last second, for the provider's lookups (every token request makes one): on a
   * busy replica that second of memory saves a statement per request (the refresh grant is a measured
   * path). This replica's own changes forget theirs at once; another replica's apply within the second.
   * An unknown id is never remembered, so a new client works at once.
   */
  private readonly recent = new LRUCache<string, StoredClient>({ max: 10_000, ttl: CLIENT_MEMORY_MS });

  constructor(private readonly pool: Pool) {}

  /** find(), through the second of memory. */
  async findRecent(clientId: string): Promise<StoredClient | undefined> {
    const remembered = this.recent.get(clientId);
    if (remembered) return remembered;
    const client = await this.find(clientId);
    if (client) this.recent.set(clientId, client);
    return client;
  }

  /** Drops what this replica remembers of a client it just changed. */
  forget(clientId: string): void {
    this.recent.delete(clientId);
  }

  async find(clientId: string): Promise<StoredClient | undefined> {
    if (!isStorableText(clientId)) return undefined; // a client_id from outside, never one stored
    const { rows } = await this.pool.query({
      name: 'oidc-client-find',
      text: 'SELECT client_id, metadata, secret_hash, created_at, updated_at FROM oidc_clients WHERE client_id = $1',
      values: [clientId],
    });
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async list(): Promise<StoredClient[]> {
    const { rows } = await this.pool.query(
      'SELECT client_id, metadata, secret_hash, created_at, updated_at FROM oidc_clients ORDER BY created_at, client_id',
    );
    return rows.map(fromRow);
  }

  /** Adds a client; false when its id is taken. */
  async create(clientId: string, metadata: Record<string, unknown>, secretHash: string | null): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      'INSERT INTO oidc_clients (client_id, metadata, secret_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [clientId, JSON.stringify(metadata), secretHash],
    );
    return rowCount === 1;
  }

  /** Replaces a client's metadata (and its secret's hash, when given); false when there is no such client. */
  async update(clientId: string, metadata: Record<string, unknown>, secretHash?: string | null): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE oidc_clients SET metadata = $2, secret_hash = CASE WHEN $4 THEN $3 ELSE secret_hash END, updated_at = now()
        WHERE client_id = $1`,
      [clientId, JSON.stringify(metadata), secretHash ?? null, secretHash !== undefined],
    );
    return rowCount === 1;
  }

  async delete(clientId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query('DELETE FROM oidc_clients WHERE client_id = $1', [clientId]);
    return rowCount === 1;
  }
}

/**
 * oidc-provider's `Client` model read from the table: the client's metadata, and in place of its secret
 * the hash, which `compareClientSecret` (provider.ts) checks a presented secret against. A change to a
 * row applies at the next lookup (the library caches a client by a hash of its properties). Clients are
 * written through the admin API, never by the library (dynamic registration is off).
 */
export function clientAdapter(store: PgClientStore): Adapter {
  return {
    async find(id: string): Promise<AdapterPayload | undefined> {
      const client = await store.findRecent(id);
      if (!client) return undefined;
      return {
        // `scope` as the library takes it: its own scopes; the registered value beside (resources.ts).
        ...presentClientScope(client.metadata),
        client_id: client.clientId,
        ...(client.secretHash ? { client_secret: client.secretHash } : {}),
      } as AdapterPayload;
    },
    async upsert() {
      throw new Error('clients are made through the admin API');
    },
    async findByUid() {
      return undefined;
    },
    async findByUserCode() {
      return undefined;
    },
    async consume() {},
    async destroy() {},
    async revokeByGrantId() {},
  };
}
