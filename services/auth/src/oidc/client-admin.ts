import type { Logger } from '@gatehouse/logger';
import type Provider from 'oidc-provider';
import type { Pool } from 'pg';
import { clientAdminErrors } from '../errors';
import { PgClientAdminStore } from './client-admin-store';
import { checkClientId, checkMetadata, mergePatch, parseMetadata } from './client-metadata';
import { hashSecret, newClientId, newClientSecret, type PgClientStore, type StoredClient } from './clients';

/** A client as the admin sees it: never its secret nor the secret's hash. */
export interface ClientView {
  clientId: string;
  metadata: Record<string, unknown>;
  hasSecret: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A client and the secret made for it by this call, shown this once (undefined: none was made). */
export interface ClientWithSecret {
  client: ClientView;
  secret?: string;
}

const view = (c: StoredClient): ClientView => ({
  clientId: c.clientId,
  metadata: { client_id: c.clientId, ...c.metadata },
  hasSecret: c.secretHash !== null,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

/** An id no client can have is no client: refused before the database is asked (the trail's id limit). */
const possibleId = (id: string) => id.length > 0 && id.length <= 200;

function checkedActor(actor: string): string {
  if (!actor) throw clientAdminErrors.badRequest('the acting admin is required');
  return actor;
}

/**
 * The administration of the OpenID provider's clients (docs/openid-provider.md "Clients"): list, show,
 * create, update, rotate the secret, delete. Metadata is checked by Gatehouse's rules and the provider's
 * own schema (client-metadata.ts); a confidential client's secret is made here, answered once and kept
 * as its hash; every change is written with its `client.*` event and its `admin.action` in one
 * transaction (client-admin-store.ts), and logged as an audit line. A change applies at the client's
 * next request to the provider, on every replica (the library looks clients up in the table).
 */
export class ClientAdmin {
  private readonly changes: PgClientAdminStore;

  constructor(private readonly deps: { pool: Pool; store: PgClientStore; provider: Provider; log: Logger }) {
    this.changes = new PgClientAdminStore(deps.pool);
  }

  async list(actor: string): Promise<ClientView[]> {
    checkedActor(actor);
    return (await this.deps.store.list()).map(view);
  }

  async get(actor: string, clientId: string): Promise<ClientView> {
    checkedActor(actor);
    const client = possibleId(clientId) ? await this.deps.store.find(clientId) : undefined;
    if (!client) throw clientAdminErrors.notFound();
    return view(client);
  }

  async create(actor: string, metadataJson: string): Promise<ClientWithSecret> {
    const who = checkedActor(actor);
    const given = parseMetadata(metadataJson);
    const clientId = given.client_id === undefined ? newClientId() : checkClientId(given.client_id);
    const secret = newClientSecret();
    const checked = checkMetadata(this.deps.provider, clientId, given, hashSecret(secret));
    const stored = await this.changes.create(
      who,
      clientId,
      checked.metadata,
      checked.needsSecret ? hashSecret(secret) : null,
    );
    if (!stored) throw clientAdminErrors.exists();
    this.audit(who, 'create client', clientId);
    return { client: view(stored), ...(checked.needsSecret ? { secret } : {}) };
  }

  /**
   * Replaces the client's metadata (`merge` false, as RFC 7592's update) or merges a patch into it
   * (RFC 7396). A client that becomes confidential gets a secret, answered here; one that no longer
   * needs a secret loses it; otherwise the secret stays as it was.
   */
  async update(actor: string, clientId: string, metadataJson: string, merge: boolean): Promise<ClientWithSecret> {
    const who = checkedActor(actor);
    if (!possibleId(clientId)) throw clientAdminErrors.notFound();
    const given = parseMetadata(metadataJson);
    if (given.client_id !== undefined && given.client_id !== clientId)
      throw clientAdminErrors.invalidMetadata('client_id cannot change: make a new client');
    const fresh = newClientSecret();
    const done = await this.changes.update(who, clientId, (current) => {
      const metadata = merge ? mergePatch(current.metadata, given) : given;
      const checked = checkMetadata(this.deps.provider, clientId, metadata, current.secretHash ?? hashSecret(fresh));
      const made = checked.needsSecret && current.secretHash === null;
      const secretHash = checked.needsSecret ? (current.secretHash ?? hashSecret(fresh)) : null;
      return { metadata: checked.metadata, secretHash, event: 'client.updated', method: 'update_client', result: made };
    });
    if (!done) throw clientAdminErrors.notFound();
    this.deps.store.forget(clientId);
    this.audit(who, 'update client', clientId, { merge, secretMade: done.result });
    return { client: view(done.client), ...(done.result ? { secret: fresh } : {}) };
  }

  /** A new secret for a confidential client, answered once; the old one authenticates nobody from now on. */
  async rotateSecret(actor: string, clientId: string): Promise<ClientWithSecret> {
    const who = checkedActor(actor);
    if (!possibleId(clientId)) throw clientAdminErrors.notFound();
    const secret = newClientSecret();
    const done = await this.changes.update(who, clientId, (current) => {
      if (current.secretHash === null)
        throw clientAdminErrors.badRequest(
          'this client authenticates without a secret (none or private_key_jwt): there is none to rotate',
        );
      return {
        metadata: current.metadata,
        secretHash: hashSecret(secret),
        event: 'client.secret_rotated',
        method: 'rotate_client_secret',
        result: undefined,
      };
    });
    if (!done) throw clientAdminErrors.notFound();
    this.deps.store.forget(clientId);
    this.audit(who, 'rotate client secret', clientId);
    return { client: view(done.client), secret };
  }

  /** Removes the client, and every code, token and grant issued to it. */
  async delete(actor: string, clientId: string): Promise<void> {
    const who = checkedActor(actor);
    if (!possibleId(clientId) || !(await this.changes.delete(who, clientId))) throw clientAdminErrors.notFound();
    this.deps.store.forget(clientId);
    this.audit(who, 'delete client', clientId);
  }

  /** The audit line: who did what to which client (never a secret). */
  private audit(actor: string, action: string, clientId: string, details: Record<string, unknown> = {}): void {
    this.deps.log.info({ audit: true, actor, action, client: clientId, ...details }, `admin: ${action}`);
  }
}
