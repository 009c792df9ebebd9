// A day's settlement reconciliation as its gRPC message (the ledger's report row, its JSON columns).
import type { payment } from '@gatehouse/proto';
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
