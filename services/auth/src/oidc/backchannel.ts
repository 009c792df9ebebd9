import type { Logger } from '@gatehouse/logger';
import type Provider from 'oidc-provider';
import type { Pool, PoolClient } from 'pg';
import type { SessionEnd } from '../sessions/sessions';

/** A provider session as oidc_payloads keeps it (model 'Session'): whose, and each client it signed into. */
export interface ProviderSession {
  accountId?: string;
  /** The session's uid: the tokens it issued carry it (`sessionUid`). */
  uid?: string;
  authorizations?: Record<string, { sid?: string; grantId?: string }>;
}

/**
 * The provider sessions of an ended Gatehouse session, taken: the links its logins through the
 * provider left (open.ts recordLink) name the user and login time, and the provider's Session rows of
 * that user and login (`loginTs` is the Gatehouse session's auth_time, interaction.ts) are deleted and
 * returned. A logout also names the user and login time itself. One statement, so of two roads ending
 * the session at once (a block and a logout), one takes the sessions and the other finds none: each
 * client is told once.
 */
const TAKE_SESSIONS = `
WITH linked AS (
  DELETE FROM oidc_session_links WHERE gateway_jti = $1 RETURNING account_id, login_ts
), logins AS (
  SELECT account_id, login_ts FROM linked
  UNION SELECT $2::text, $3::bigint WHERE $2::text IS NOT NULL AND $3::bigint IS NOT NULL
)
DELETE FROM oidc_payloads p USING logins l
 WHERE p.model = 'Session' AND p.account_id = l.account_id AND (p.payload->>'loginTs')::bigint = l.login_ts
   AND (p.expires_at IS NULL OR p.expires_at > now())
RETURNING p.payload`;

/** Statements of one transaction on one connection of `pool`; rolled back when `fn` throws. */
export async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Every token and code the sessions gave their clients revoked (their refresh tokens stop working), in
 * the caller's transaction: those of the session's authorizations' grants that the session itself issued
 * (`sessionUid`). The grant stays: it is the user's remembered consent for that client, shared by their
 * other sessions, whose tokens live on (a logout in one browser does not sign the user out of the
 * application in another, nor ask for consent again).
 */
export async function revokeSessionTokens(client: PoolClient, sessions: ProviderSession[]): Promise<void> {
  for (const session of sessions) {
    if (!session.uid) continue;
    for (const authorization of Object.values(session.authorizations ?? {})) {
      if (!authorization.grantId) continue;
      await client.query({
        name: 'oidc-revoke-session-tokens',
        text: "DELETE FROM oidc_payloads WHERE grant_id = $1 AND payload->>'sessionUid' = $2",
        values: [authorization.grantId, session.uid],
      });
    }
  }
}

/** What one ended session's logout did (the tests read it). */
export interface LogoutOutcome {
  /** Provider sessions taken and destroyed. */
  sessions: number;
  /** Clients told by a logout token their back-channel URI accepted (200 or 204). */
  notified: string[];
  /** Clients whose back-channel URI failed (refused, unreachable, past the deadline). */
  failed: string[];
}

type BackchannelClient = { backchannelLogoutUri?: string; backchannelLogout(sub: string, sid?: string): Promise<void> };

/**
 * Back-channel logout from every road a Gatehouse session ends by (docs/openid-provider.md "Logging
 * out"): oidc-provider logs clients out only from its own end-session page, so when a session ends
 * (Sessions.onEnded: a logout, the session list, an admin's block or session end, TOTP turned on, an
 * unlink), the replica that ended it takes that session's provider sessions, revokes the tokens they
 * issued (the refresh tokens stop working; the grants, the user's consent, stay) and sends each client with a `backchannel_logout_uri` a signed
 * logout_token (the library's own, its `sid` when the client asks for it), all clients at once, each
 * call with the library's 2.5 s deadline. One attempt: a client that misses it is logged (as Keycloak
 * does); its tokens are refused either way.
 */
export class BackchannelLogouts {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: { provider: Provider; pool: Pool; log: Logger }) {}

  /** The session-end listener: starts the logout and returns at once (the road that ended it goes on). */
  readonly sessionEnded = (end: SessionEnd): void => {
    const job: Promise<unknown> = this.logOut(end)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'back-channel logout of an ended session failed'))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  };

  /** Logs the ended Gatehouse session out of every client its provider sessions signed into. */
  async logOut(end: SessionEnd): Promise<LogoutOutcome> {
    const { pool, log } = this.deps;
    const sessions = await inTransaction(pool, async (client) => {
      const { rows } = await client.query<{ payload: ProviderSession }>(TAKE_SESSIONS, [
        end.jti,
        end.userId ?? null,
        end.authTime ?? null,
      ]);
      const taken = rows.map((r) => r.payload);
      await revokeSessionTokens(client, taken);
      return taken;
    });
    const calls = sessions.flatMap((session) =>
      Object.entries(session.authorizations ?? {}).map(([clientId, a]) =>
        this.notify(clientId, session.accountId ?? '', a.sid).then((told) => ({ clientId, told })),
      ),
    );
    const outcome: LogoutOutcome = { sessions: sessions.length, notified: [], failed: [] };
    for (const { clientId, told } of await Promise.all(calls)) {
      if (told === true) outcome.notified.push(clientId);
      else if (told === false) outcome.failed.push(clientId);
    }
    if (sessions.length > 0) log.info(outcome, 'an ended session logged out of the OpenID clients');
    return outcome;
  }

  /** Logout jobs under way, awaited (a stopping service; tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** True: told; false: its URI failed; undefined: the client has no back-channel URI (or is gone). */
  private async notify(clientId: string, sub: string, sid: string | undefined): Promise<boolean | undefined> {
    let client: BackchannelClient | undefined;
    try {
      client = (await this.deps.provider.Client.find(clientId)) as unknown as BackchannelClient | undefined;
    } catch {
      return undefined; // a client whose stored metadata no longer validates: nothing to call
    }
    if (!sub || !client?.backchannelLogoutUri) return undefined;
    try {
      await client.backchannelLogout(sub, sid);
      return true;
    } catch (err) {
      // The message names the URI and the status; the token is never logged.
      this.deps.log.warn({ client: clientId, reason: (err as Error).message }, 'back-channel logout not delivered');
      return false;
    }
  }
}
