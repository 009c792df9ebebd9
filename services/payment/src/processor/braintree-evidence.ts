// Dispute evidence through the braintree SDK: `dispute.addTextEvidence`, `documentUpload.create` then
// `dispute.addFileEvidence`, `dispute.accept`, `dispute.finalize`. The SDK uploads only a file it can
// read again by path (it calls readFileSync on the stream's path), so a file goes through a private
// temporary directory that is removed whatever happens.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '@gatehouse/logger';
import braintree from 'braintree';
import { type BraintreeSettings, environmentFor, withDeadline } from './braintree-sdk';
import type { DisputeEvidence, EvidenceResult } from './evidence';
import { ProcessorUnavailableError } from './processor';

interface SdkResult {
  success: boolean;
  message?: string;
  errors?: { deepErrors(): { code: string | number; message: string }[] };
  evidence?: { id?: string };
  dispute?: { status?: string };
  documentUpload?: { id?: string };
}

/** The SDK calls used here; @types/braintree has no documentUpload. */
interface EvidenceGateway {
  dispute: {
    addTextEvidence(id: string, request: { content: string; category?: string }): Promise<SdkResult>;
    addFileEvidence(id: string, request: { documentId: string; category?: string }): Promise<SdkResult>;
    accept(id: string): Promise<SdkResult>;
    finalize(id: string): Promise<SdkResult>;
  };
  documentUpload: { create(request: { kind: string; file: NodeJS.ReadableStream }): Promise<SdkResult> };
}

function refusal(result: SdkResult): EvidenceResult {
  const first = result.errors?.deepErrors()[0];
  return { kind: 'refused', code: String(first?.code ?? 'refused'), message: first?.message ?? result.message ?? '' };
}

export class BraintreeEvidence implements DisputeEvidence {
  private readonly gateway: EvidenceGateway;

  constructor(
    private readonly settings: BraintreeSettings,
    private readonly log: Logger,
  ) {
    const gateway = new braintree.BraintreeGateway({
      environment: environmentFor(settings),
      merchantId: settings.merchantId,
      publicKey: settings.publicKey,
      privateKey: settings.privateKey,
    });
    gateway.config.timeout = settings.timeoutMs;
    this.gateway = gateway as unknown as EvidenceGateway;
  }

  addText(disputeId: string, content: string, category: string | null): Promise<EvidenceResult> {
    return this.call('add text evidence', disputeId, () =>
      this.gateway.dispute.addTextEvidence(disputeId, { content, ...(category ? { category } : {}) }),
    );
  }

  async addFile(disputeId: string, file: { name: string; bytes: Buffer }, category: string | null) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gatehouse-evidence-'));
    try {
      // Our own name: the extension (the SDK takes the type from it), never the caller's path.
      const local = path.join(dir, `evidence${path.extname(file.name).toLowerCase()}`);
      await writeFile(local, file.bytes, { mode: 0o600 });
      const uploaded = await this.call('upload evidence', disputeId, () =>
        this.gateway.documentUpload.create({ kind: 'evidence_document', file: createReadStream(local) }),
      );
      if (uploaded.kind !== 'done' || !uploaded.evidenceId) return uploaded;
      const documentId = uploaded.evidenceId;
      return await this.call('add file evidence', disputeId, () =>
        this.gateway.dispute.addFileEvidence(disputeId, { documentId, ...(category ? { category } : {}) }),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  accept(disputeId: string): Promise<EvidenceResult> {
    return this.call('accept dispute', disputeId, () => this.gateway.dispute.accept(disputeId));
  }

  finalize(disputeId: string): Promise<EvidenceResult> {
    return this.call('finalize dispute', disputeId, () => this.gateway.dispute.finalize(disputeId));
  }

  private async call(what: string, disputeId: string, send: () => Promise<SdkResult>): Promise<EvidenceResult> {
    let result: SdkResult;
    try {
      result = await withDeadline(send(), this.settings.timeoutMs);
    } catch (err) {
      if ((err as Error).name === 'notFoundError') return { kind: 'not_found' };
      this.log.warn({ err, disputeId }, `${what} failed without an answer`);
      throw new ProcessorUnavailableError(`payment processor did not answer: ${what}`, { cause: err });
    }
    if (!result.success) return refusal(result);
    return {
      kind: 'done',
      evidenceId: result.evidence?.id ?? result.documentUpload?.id ?? null,
      status: result.dispute?.status ?? null,
    };
  }
}
