// Issue 49's admin messages: a day's settlement reconciliation as its gRPC message (the ledger's report
// row, its JSON columns), and a dispute action from its request.

import { invalidArgument } from '@gatehouse/errors';
import type { payment } from '@gatehouse/proto';
import type { EvidenceAction } from '../disputes/evidence';
import { PaymentErrors } from '../errors';
import type { SettlementReportRow } from '../ledger';
import type { Discrepancy, TotalRow } from '../settlement/compare';

export function settlementMessage(report: SettlementReportRow | null, ran: boolean): payment.SettlementReconciliation {
  if (!report) return { ran, status: 'running', totals: [], discrepancies: [] };
  return {
    date: report.date,
    status: report.status,
    totals: (report.totals as TotalRow[]).map((t) => ({
      merchantAccountId: t.merchant_account_id,
      kind: t.kind,
      processor: { count: t.processor.count, amountCents: t.processor.amount_cents },
      ledger: { count: t.ledger.count, amountCents: t.ledger.amount_cents },
    })),
    discrepancies: (report.discrepancies as Discrepancy[]).map((d) => ({
      kind: d.kind,
      transactionId: d.transaction_id,
      orderId: d.order_id ?? '',
      loadId: d.load_id ?? 0,
      processorCents: d.processor_cents ?? -1,
      ledgerCents: d.ledger_cents ?? -1,
    })),
    error: report.error ?? '',
    startedAt: report.startedAt.toISOString(),
    finishedAt: report.finishedAt?.toISOString() ?? '',
    ran,
  };
}

export function evidenceAction(req: payment.ActOnDisputeRequest__Output): EvidenceAction {
  const category = req.category || null;
  switch (req.action) {
    case 'text':
      return { action: 'text', content: req.content, category };
    case 'file':
      return { action: 'file', name: req.fileName, bytes: Buffer.from(req.file), category };
    case 'accept':
    case 'finalize':
      return { action: req.action };
    default:
      throw invalidArgument(PaymentErrors.INVALID_EVIDENCE, 'action is text, file, accept or finalize');
  }
}
