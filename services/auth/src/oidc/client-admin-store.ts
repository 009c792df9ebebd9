import { type EventType, recordEvent } from '@gatehouse/events';
import { inTransaction } from '@gatehouse/postgres';
import type { Pool, PoolClient } from 'pg';
import type { StoredClient } from './clients';

const COLUMNS = 'client_id, metadata, secret_hash, created_at, updated_at';

const fromRow = (r: Record<string, unknown>): StoredClient => ({
  clientId: r.client_id as string,
  metadata: r.metadata as Record<string, unknown>,
  secretHash: (r.secret_hash as string | null) ?? null,
  createdAt: r.created_at as Date,
  updatedAt: r.updated_at as Date,
});

/** A change of a client as an admin asks it: the new metadata and the secret's hash (null: none). */
export interface ClientChange {
  metadata: Record<string, unknown>;
  secretHash: string | null;
  /** The trail's event of the change, and the admin.action method. */
  event: Extract<EventType, 'client.updated' | 'client.secret_rotated'>;
  method: string;
}

/**
 * The admin's changes of the OpenID provider's clients (table oidc_clients, 008_oidc.sql), each in one
 * transaction with its `client.*` event and its `admin.action` (the admin, the method, the client): the
 * trail holds exactly the changes made, none for a client that was not there. Reads are PgClientStore's.
 */
export class PgClientAdminStore {
  constructor(private readonly pool: Pool) {}

  /** Adds a client; undefined when its id is taken. */
  create(
    actor: string,
    clientId: string,
    metadata: Record<string, unknown>,
    secretHash: string | null,
  ): Promise<StoredClient | undefined> {
    return inTransaction(this.pool, async (db) => {
      const { rows } = await db.query(
        `INSERT INTO oidc_clients (client_id, metadata, secret_hash) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [clientId, JSON.stringify(metadata), secretHash],
      );
      if (!rows[0]) return undefined;
      await this.recorded(db, actor, clientId, 'client.created', 'create_client');
      return fromRow(rows[0]);
    });
  }

  /**
   * Changes a client under its row's lock: `change` sees the client as it is (a merge patch applies to
   * what no other admin is changing at the same moment) and may refuse by throwing, which changes
   * nothing. Undefined when there is no such client.
   */
  update<T>(
    actor: string,
    clientId: string,
    change: (current: StoredClient) => ClientChange & { result: T },
  ): Promise<{ client: StoredClient; result: T } | undefined> {
    return inTransaction(this.pool, async (db) => {
      const found = await db.query(`SELECT ${COLUMNS} FROM oidc_clients WHERE client_id = $1 FOR UPDATE`, [clientId]);
      if (!found.rows[0]) return undefined;
      const next = change(fromRow(found.rows[0]));
      const { rows } = await db.query(
        `UPDATE oidc_clients SET metadata = $2, secret_hash = $3, updated_at = now() WHERE client_id = $1
         RETURNING ${COLUMNS}`,
        [clientId, JSON.stringify(next.metadata), next.secretHash],
      );
      await this.recorded(db, actor, clientId, next.event, next.method);
      return { client: fromRow(rows[0]), result: next.result };
    });
  }

  /**
   * Removes a client and everything the provider issued to it (codes, access and refresh tokens, device
   * codes, grants): a client made again with the same id inherits nothing. False when there was none.
   */
  delete(actor: string, clientId: string): Promise<boolean> {
    return inTransaction(this.pool, async (db) => {
      const { rowCount } = await db.query('DELETE FROM oidc_clients WHERE client_id = $1', [clientId]);
      if (rowCount !== 1) return false;
      await db.query('DELETE FROM oidc_payloads WHERE client_id = $1', [clientId]);
      await this.recorded(db, actor, clientId, 'client.deleted', 'delete_client');
      return true;
    });
  }

  private async recorded(
    db: PoolClient,
    actor: string,
    clientId: string,
    type: Extract<EventType, `client.${string}`>,
    method: string,
  ): Promise<void> {
    const by = { kind: 'admin' as const, id: actor };
    await recordEvent(db, { type, actor: by, subjectUser: null, data: { client_id: clientId } });
    await recordEvent(db, { type: 'admin.action', actor: by, subjectUser: null, data: { method, client: clientId } });
  }
}
