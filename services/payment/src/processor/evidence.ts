// Dispute evidence as the domain sees it (issue 49 §5): what an administrator sends to the processor for
// an open dispute, and what the processor answered.

/** The file types Braintree takes as evidence, by extension, and its size limit. */
export const EVIDENCE_FILE_TYPES = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };
export const MAX_EVIDENCE_FILE_BYTES = 4 * 1024 * 1024;

export type EvidenceResult =
  /** Taken: the evidence's id (text or file), or the dispute's status after accept or finalize. */
  | { kind: 'done'; evidenceId: string | null; status: string | null }
  /** Refused by the processor (95701 not open, 95726 no evidence, 849xx a bad file...). */
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'not_found' };

/** The processor's dispute API; each call throws ProcessorUnavailableError when it gets no answer. */
export interface DisputeEvidence {
  addText(disputeId: string, content: string, category: string | null): Promise<EvidenceResult>;
  /** `name` ends with one of EVIDENCE_FILE_TYPES' extensions. */
  addFile(disputeId: string, file: { name: string; bytes: Buffer }, category: string | null): Promise<EvidenceResult>;
  accept(disputeId: string): Promise<EvidenceResult>;
  finalize(disputeId: string): Promise<EvidenceResult>;
}
