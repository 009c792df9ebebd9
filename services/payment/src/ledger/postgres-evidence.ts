// The record of what administrators did to disputes at the processor (migration 009).
import type { Pool } from 'pg';

export interface EvidenceActionRecord {
  disputeId: string;
  admin: string;
  action: 'text' | 'file' | 'accept' | 'finalize';
  outcome: 'done' | 'refused' | 'not_found' | 'unavailable';
  code: string | null;
  evidenceId: string | null;
  category: string | null;
  file: { name: string; bytes: number; sha256: string } | null;
  at: Date;
}

export class PostgresEvidenceActions {
  constructor(private readonly pool: Pool) {}

  async record(a: EvidenceActionRecord): Promise<void> {
    await this.pool.query(
      `INSERT INTO dispute_evidence_actions (processor_dispute_id, admin, action, outcome, code, evidence_id, category,
                                             file_name, file_bytes, file_sha256, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        a.disputeId,
        a.admin,
        a.action,
        a.outcome,
        a.code,
        a.evidenceId,
        a.category,
        a.file?.name ?? null,
        a.file?.bytes ?? null,
        a.file?.sha256 ?? null,
        a.at,
      ],
    );
  }

  /** A dispute's actions, oldest first. */
  async of(disputeId: string): Promise<EvidenceActionRecord[]> {
    const { rows } = await this.pool.query(
      `SELECT * FROM dispute_evidence_actions WHERE processor_dispute_id = $1 ORDER BY id`,
      [disputeId],
    );
    return rows.map((r) => ({
      disputeId: r.processor_dispute_id,
      admin: r.admin,
      action: r.action,
      outcome: r.outcome,
      code: r.code,
      evidenceId: r.evidence_id,
      category: r.category,
      file: r.file_name === null ? null : { name: r.file_name, bytes: r.file_bytes, sha256: r.file_sha256 },
      at: r.created_at,
    }));
  }
}
