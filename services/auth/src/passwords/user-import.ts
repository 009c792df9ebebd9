import type { Logger } from '@gatehouse/logger';
import { directoryErrors } from '../errors';
import { type ImportRecord, parseImportLine } from './import-lines';
import type { PgUserImportStore } from './import-store';

export interface ImportBatch {
  /** The admin who sent it (the gateway's caller), for the trail and the audit line. */
  actor: string;
  lines: readonly { number: number; text: string }[];
  /** The import's first batch: its admin.action is recorded then, once. */
  first: boolean;
}

export interface ImportOutcome {
  imported: number;
  unchanged: number;
  refused: { line: number; reason: string }[];
}

/** The most lines one batch may carry: the gateway sends 1,000 at a time. */
export const MAX_BATCH_LINES = 5_000;

/**
 * Users brought in with their hashes (docs/password-import.md), a batch of lines at a time: each line
 * checked (import-lines.ts), the good ones written in one statement, and the answer per line: imported,
 * unchanged (the address is already a password account, or came earlier in the batch) or refused with
 * its reason. Hashes are stored, not verified: each is checked at its user's first login.
 */
export class UserImport {
  constructor(private readonly deps: { store: PgUserImportStore; log: Logger }) {}

  async batch({ actor, lines, first }: ImportBatch): Promise<ImportOutcome> {
    if (!actor) throw directoryErrors.badRequest('the acting admin is required');
    if (lines.length > MAX_BATCH_LINES) throw directoryErrors.badRequest(`at most ${MAX_BATCH_LINES} lines a batch`);
    if (first) await this.deps.store.recordImport(actor);
    const refused: ImportOutcome['refused'] = [];
    const records: ImportRecord[] = [];
    const seen = new Set<string>();
    let unchanged = 0;
    for (const { number, text } of lines) {
      const parsed = parseImportLine(number, text);
      if ('reason' in parsed) refused.push(parsed);
      else if (seen.has(parsed.email.toLowerCase())) unchanged++;
      else {
        seen.add(parsed.email.toLowerCase());
        records.push(parsed);
      }
    }
    const added = await this.deps.store.addBatch(records, actor);
    unchanged += records.length - added.size;
    // The import's audit line is the gateway's, one for the whole file; this one is per batch.
    this.deps.log.debug({ actor, imported: added.size, unchanged, refused: refused.length }, 'import batch written');
    return { imported: added.size, unchanged, refused };
  }
}
