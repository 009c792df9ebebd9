import path from 'node:path';
import { runtimeAssetDir } from '@gatehouse/config';
import { TrailMissingError, trailThere, waitForTrail } from '@gatehouse/events';
import type { Logger } from '@gatehouse/logger';
import { runSqlMigrations } from '@gatehouse/migrations';
import type { Pool } from 'pg';
import { SCHEMA } from './db';

export const MIGRATIONS_DIR = runtimeAssetDir(path.resolve(__dirname, '../migrations'), 'migrations');

/** Any constant: every payment process that starts at once waits here, so only one migrates. */
const MIGRATION_LOCK_KEY = 7_004_001;

/** How long a starting payment waits for auth's migrations to make the audit trail. */
export const TRAIL_WAIT_MS = 60_000;

/**
 * Payment's migrations (its schema only), in the way every service migrates (@gatehouse/migrations).
 * The audit trail its ledger writes events into is auth's (its migration 000_trail.sql): payment makes
 * nothing there, and waits for it before it serves (LedgerSchema).
 */
export async function runMigrations(pool: Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  return runSqlMigrations(pool, { dir, schema: SCHEMA, table: 'payment_migrations', lockKey: MIGRATION_LOCK_KEY });
}

export interface LedgerSchemaOptions {
  pool: Pool;
  log: Logger;
  /** A database that cannot be used yet, told once per reason (the service stays NOT_SERVING). */
  report(err: unknown): void;
  /** How long to wait for the trail once Postgres answers (TRAIL_WAIT_MS). */
  trailWaitMs?: number;
  /** How long after a failed attempt (Postgres down, a migration failed) the next one starts. */
  retryMs: number;
  /** The trail never came: the service cannot serve (its process exits, saying so). */
  onTrailMissing(err: TrailMissingError): void;
  /**
   * The schema is there: what reads payment's own tables starts from here, and its first read is
   * waited for (not its success) before the schema counts as ready, so the first health check sees it.
   */
  onReady?(): Promise<unknown>;
}

/**
 * What the ledger needs before the service serves: payment's migrations applied, then the trail there.
 * Started with the process, not by a health check; tried again every `retryMs` while Postgres cannot be
 * used or a migration fails. Waiting for the trail is bounded, from the first time Postgres answered.
 */
export class LedgerSchema {
  private ready = false;
  private attempt: Promise<boolean> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private trailSince: number | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly options: LedgerSchemaOptions) {}

  /** Starts the first attempt; the next ones follow on their own until one succeeds. */
  start(): void {
    this.attempt = this.tryOnce();
  }

  /** True once ready; while an attempt runs, what it ends with; otherwise false (waiting to retry). */
  async isReady(): Promise<boolean> {
    return this.ready || ((await this.attempt) ?? false);
  }

  /** Ends a wait or a retry under way; resolves once no attempt uses the pool. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.retry);
    await this.attempt;
  }

  private async tryOnce(): Promise<boolean> {
    const { pool, log } = this.options;
    try {
      const applied = await runMigrations(pool);
      if (applied.length > 0) log.info({ applied }, 'migrations applied');
      if (!(await trailThere(pool))) {
        this.trailSince ??= Date.now();
        log.warn(
          "the audit trail (schema events) is not there yet: waiting for auth's migrations to make it; NOT_SERVING until then",
        );
        await waitForTrail(pool, {
          waitMs: this.options.trailWaitMs ?? TRAIL_WAIT_MS,
          since: this.trailSince,
          signal: this.stopping.signal,
        });
      }
      await this.options.onReady?.().catch(() => {});
      this.ready = true;
      return true;
    } catch (err) {
      if (this.stopping.signal.aborted) return false;
      if (err instanceof TrailMissingError) {
        this.options.onTrailMissing(err);
        return false;
      }
      this.options.report(err);
      this.retry = setTimeout(() => this.start(), this.options.retryMs);
      return false;
    }
  }
}
