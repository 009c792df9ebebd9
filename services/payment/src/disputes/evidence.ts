// An administrator's answer to a dispute (issue 49 §5): text or file evidence, accept, or finalize,
// sent through the processor's dispute API and recorded, whatever the outcome, with who asked. Inputs
// are checked here too (the gateway checks first): what the processor would refuse never leaves.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { AppError, invalidArgument, notFound, unavailable } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { PaymentErrors, requireAdmin } from '../errors';
import type { EvidenceActionRecord, PostgresEvidenceActions } from '../ledger';
import {
  type DisputeEvidence,
  EVIDENCE_FILE_TYPES,
  type EvidenceResult,
  MAX_EVIDENCE_FILE_BYTES,
  ProcessorUnavailableError,
} from '../processor';

export type EvidenceAction =
  | { action: 'text'; content: string; category: string | null }
  | { action: 'file'; name: string; bytes: Buffer; category: string | null }
  | { action: 'accept' }
  | { action: 'finalize' };

/** Text evidence Braintree takes (its comments field). */
export const MAX_EVIDENCE_TEXT = 4000;
const DISPUTE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const CATEGORY = /^[A-Z][A-Z0-9_]{0,63}$/;
const FILE_NAME = /^[\w .()-]{1,200}$/;

export interface EvidenceOutcome {
  evidenceId: string | null;
  status: string | null;
}

function check(disputeId: string, admin: string, a: EvidenceAction): void {
  const bad = (message: string) => invalidArgument(PaymentErrors.INVALID_EVIDENCE, message);
  if (!DISPUTE_ID.test(disputeId)) throw notFound(PaymentErrors.DISPUTE_NOT_FOUND, 'dispute not found');
  requireAdmin(admin);
  if ((a.action === 'text' || a.action === 'file') && a.category !== null && !CATEGORY.test(a.category)) {
    throw bad('category is one of Braintree evidence categories, e.g. GENERAL');
  }
  if (a.action === 'text' && (a.content.trim() === '' || a.content.length > MAX_EVIDENCE_TEXT)) {
    throw bad(`text evidence is 1 to ${MAX_EVIDENCE_TEXT} characters`);
  }
  if (a.action === 'file') {
    const ext = path.extname(a.name).slice(1).toLowerCase();
    if (!FILE_NAME.test(a.name) || !(ext in EVIDENCE_FILE_TYPES)) throw bad('the file is a .pdf, .png, .jpg or .jpeg');
    if (a.bytes.length === 0 || a.bytes.length > MAX_EVIDENCE_FILE_BYTES) throw bad('the file is 1 byte to 4 MB');
  }
}

export class DisputeEvidenceActions {
  constructor(
    private readonly deps: {
      evidence: DisputeEvidence;
      record: PostgresEvidenceActions;
      log: Logger;
      clock?: () => Date;
    },
  ) {}

  async act(disputeId: string, admin: string, a: EvidenceAction): Promise<EvidenceOutcome> {
    check(disputeId, admin, a);
    const { evidence, record, log } = this.deps;
    const entry: Omit<EvidenceActionRecord, 'outcome' | 'code' | 'evidenceId'> = {
      disputeId,
      admin,
      action: a.action,
      category: a.action === 'text' || a.action === 'file' ? a.category : null,
      file:
        a.action === 'file'
          ? { name: a.name, bytes: a.bytes.length, sha256: createHash('sha256').update(a.bytes).digest('hex') }
          : null,
      at: (this.deps.clock ?? (() => new Date()))(),
    };
    let result: EvidenceResult;
    try {
      result =
        a.action === 'text'
          ? await evidence.addText(disputeId, a.content, a.category)
          : a.action === 'file'
            ? await evidence.addFile(disputeId, { name: a.name, bytes: a.bytes }, a.category)
            : a.action === 'accept'
              ? await evidence.accept(disputeId)
              : await evidence.finalize(disputeId);
    } catch (err) {
      if (!(err instanceof ProcessorUnavailableError)) throw err;
      await record.record({ ...entry, outcome: 'unavailable', code: null, evidenceId: null });
      throw unavailable(PaymentErrors.PROCESSOR_UNAVAILABLE, 'payment processor unavailable', err);
    }
    const code = result.kind === 'refused' ? result.code : null;
    const evidenceId = result.kind === 'done' ? result.evidenceId : null;
    await record.record({ ...entry, outcome: result.kind, code, evidenceId });
    log.info({ audit: 'dispute', disputeId, admin, action: a.action, outcome: result.kind, code }, 'dispute action');
    if (result.kind === 'not_found') throw notFound(PaymentErrors.DISPUTE_NOT_FOUND, 'dispute not found');
    if (result.kind === 'refused') {
      throw new AppError('failed_precondition', PaymentErrors.DISPUTE_REFUSED, `${result.code}: ${result.message}`);
    }
    return { evidenceId: result.evidenceId, status: result.status };
  }
}
