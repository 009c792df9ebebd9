// Dispute evidence for administrators (issue 49 §5), on the admin surface only: text or file evidence
// for an open dispute, accepting it, or finalizing it, through the processor's dispute API (the payment
// service sends and records it). Each is an audited admin action naming the dispute; refusals are the
// admin API's `{"error"}` (a processor refusal is 409 with its code, e.g. "95701: ...").
import { describeCallError } from '@gatehouse/grpc-kit';
import type Router from '@koa/router';
import { z } from 'zod';
import { apiRouter, bodyOf, bodyReader, HttpError, route } from '../kit';
import { adminActions } from './action';
import type { AdminPaymentRoutesDeps } from './payments.routes';

/** What the admin API takes as a file: 3 MB (Braintree takes 4 MB; a gRPC message is at most 4 MB). */
export const MAX_EVIDENCE_FILE_BYTES = 3 * 1024 * 1024;
const DISPUTE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const category = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'a Braintree evidence category, e.g. GENERAL')
  .optional();

export const EVIDENCE_BODY = z.union([
  z.strictObject({ text: z.string().trim().min(1).max(4000), category }),
  z.strictObject({
    file: z.strictObject({
      name: z.string().regex(/^[\w .()-]{1,200}\.(pdf|png|jpe?g)$/i, 'a file name ending .pdf, .png, .jpg or .jpeg'),
      content_base64: z.base64().max(Math.ceil(MAX_EVIDENCE_FILE_BYTES / 3) * 4, 'the file is at most 3 MB'),
    }),
    category,
  }),
]);

export const EvidenceAnswer = z.strictObject({
  dispute_id: z.string(),
  action: z.enum(['text', 'file', 'accept', 'finalize']),
  evidence_id: z.string().nullable(),
  status: z.string().nullable(),
});

const jsonBody = bodyReader('json', { limit: '4200kb', typeRequired: 'the body must be application/json' });

/** The processor's refusal (DISPUTE_REFUSED) is a conflict with the dispute's state: 409, with its code. */
async function refusedAs409<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    const failure = describeCallError(err);
    if (failure.code === 'DISPUTE_REFUSED') throw new HttpError(409, failure.message);
    throw err;
  }
}

function disputeId(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!DISPUTE_ID.test(id)) throw new HttpError(404, 'dispute not found');
  return id;
}

export function adminDisputeRoutes(deps: AdminPaymentRoutesDeps): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);
  const answer = (
    id: string,
    action: z.infer<typeof EvidenceAnswer>['action'],
    r: { evidenceId: string; status: string },
  ) => ({
    dispute_id: id,
    action,
    evidence_id: r.evidenceId || null,
    status: r.status || null,
  });

  route(router, '/disputes/:id/evidence', {
    POST: act('add dispute evidence', async (ctx, actor) => {
      const id = disputeId(ctx.params);
      await jsonBody(ctx);
      const body = bodyOf(ctx, EVIDENCE_BODY);
      const request =
        'text' in body
          ? { action: 'text', content: body.text }
          : { action: 'file', fileName: body.file.name, file: Buffer.from(body.file.content_base64, 'base64') };
      const done = await refusedAs409(
        deps.payment.actOnDispute({ admin: actor.id, disputeId: id, category: body.category ?? '', ...request }),
      );
      ctx.status = 201;
      ctx.body = answer(id, request.action as 'text' | 'file', done);
    }),
  });

  for (const action of ['accept', 'finalize'] as const) {
    route(router, `/disputes/:id/${action}`, {
      POST: act(`${action} dispute`, async (ctx, actor) => {
        const id = disputeId(ctx.params);
        ctx.body = answer(
          id,
          action,
          await refusedAs409(deps.payment.actOnDispute({ admin: actor.id, disputeId: id, action })),
        );
      }),
    });
  }

  return router;
}
