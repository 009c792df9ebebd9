import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { EVIDENCE_BODY, EvidenceAnswer } from '../routes/admin/disputes.routes';
import { RECONCILIATION_QUERY, RECONCILIATION_RUN_BODY } from '../routes/admin/reconciliation.routes';
import { AuthError, json, NO_STORE } from './common';

/**
 * Issue 49 on the admin API: settlement reconciliation (routes/admin/reconciliation.routes.ts) and dispute
 * evidence (routes/admin/disputes.routes.ts); docs/payments.md "Reconciliation" and "Dispute evidence".
 */

const error = (description: string) => ({ description, content: json(AuthError) });

const Sum = z.strictObject({ count: z.number().int().min(0), amount_cents: z.number().int() });

const Reconciliation = z
  .strictObject({
    date: z.string().meta({ description: 'The UTC day (yyyy-mm-dd)' }),
    status: z.enum(['running', 'matched', 'differs', 'failed']),
    ran: z.boolean().meta({ description: 'Whether this call ran it (false: another replica has the day)' }),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable().meta({ description: 'null while it runs' }),
    error: z.string().nullable().meta({ description: 'Why it failed (the processor did not answer)' }),
    totals: z.array(
      z.strictObject({
        merchant_account_id: z.string(),
        kind: z.enum(['sales', 'refunds', 'voids']),
        processor: Sum,
        ledger: Sum,
      }),
    ),
    discrepancies: z
      .array(
        z.strictObject({
          kind: z.enum(['missing', 'duplicate', 'amount', 'refund', 'void', 'unsettled']),
          transaction_id: z
            .string()
            .meta({ description: "The processor's transaction (or the ledger's, for unsettled)" }),
          order_id: z.string().nullable(),
          load_id: z.number().int().nullable().meta({ description: 'The load of the ledger it concerns, if any' }),
          processor_cents: z.number().int().nullable(),
          ledger_cents: z.number().int().nullable(),
        }),
      )
      .meta({ description: 'Every difference, named down to the transaction' }),
  })
  .meta({ id: 'SettlementReconciliation' });

export function registerAdminReconciliationPaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  const headers = z.object({ 'Cache-Control': NO_STORE });
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/admin/v1/reconciliation',
    summary: "A UTC day's settlement at the processor compared with the ledger: the report",
    request: { query: RECONCILIATION_QUERY },
    responses: {
      200: { description: 'The report', headers, content: json(Reconciliation) },
      ...refusals,
      400: error('Not a day spelled yyyy-mm-dd, or one not begun'),
      404: error('A day never reconciled'),
      503: error('No processor to reconcile with'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/reconciliation/run',
    summary: "Runs a day's reconciliation now (again, if it ran), and answers its report",
    request: { body: { content: json(RECONCILIATION_RUN_BODY) } },
    responses: {
      200: { description: 'The report', headers, content: json(Reconciliation) },
      ...refusals,
      400: error('Not a day spelled yyyy-mm-dd, or one not begun'),
      415: error('The body is not JSON'),
      503: error('No processor to reconcile with'),
    },
  });
}

const disputeId = z.object({ id: z.string().meta({ description: "The processor's dispute id" }) });
const DisputeAnswer = EvidenceAnswer.meta({ id: 'DisputeActionAnswer' });

export function registerAdminDisputePaths(
  registry: OpenAPIRegistry,
  base: Pick<RouteConfig, 'tags' | 'security'>,
  refusals: RouteConfig['responses'],
): void {
  const headers = z.object({ 'Cache-Control': NO_STORE });
  const common = {
    ...refusals,
    404: error('No such dispute at the processor'),
    409: error('The processor refused it, with its code: "95701: ..." (not open), "95726: ..." (no evidence)'),
    503: error('The processor did not answer (or there is none)'),
  };
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/admin/v1/disputes/{id}/evidence',
    summary: 'Adds text or file evidence (pdf, png, jpg; at most 3 MB) to an open dispute',
    request: { params: disputeId, body: { content: json(EVIDENCE_BODY) } },
    responses: {
      201: { description: 'The processor took it', headers, content: json(DisputeAnswer) },
      ...common,
      400: error('No text or file, a file of another type or too large, a bad category'),
      413: error('The body is larger than a 3 MB file in base64'),
      415: error('The body is not JSON'),
    },
  });
  for (const [action, summary] of [
    ['accept', 'Accepts an open dispute: it is lost on purpose (status accepted)'],
    ['finalize', 'Finalizes an open dispute: its evidence goes to the card network (status disputed)'],
  ] as const) {
    registry.registerPath({
      ...base,
      method: 'post',
      path: `/admin/v1/disputes/{id}/${action}`,
      summary,
      request: { params: disputeId },
      responses: { 200: { description: "The dispute's new status", headers, content: json(DisputeAnswer) }, ...common },
    });
  }
}
