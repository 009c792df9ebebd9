import { describeCallError } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import { apiRouter, HttpError, route } from '../kit';
import { adminActions } from './action';
import type { AdminCallerDeps } from './caller';
import { jsonLines } from './json-lines';
import type { AdminRoutesDeps } from './users.routes';

/** Lines sent to the auth service in one call: one statement there, about 1,000 users. */
export const IMPORT_BATCH_LINES = 1_000;
/** A batch is sent early past this many characters, so one call stays small whatever the lines hold. */
const IMPORT_BATCH_CHARS = 1_000_000;
/** The longest line read (the auth service refuses longer lines too). */
export const IMPORT_MAX_LINE_CHARS = 16_384;
/** Refusals listed in the answer; more are counted only. */
export const IMPORT_MAX_REFUSALS_LISTED = 10_000;
const IMPORT_BATCH_DEADLINE_MS = 30_000;

const TYPES = ['application/x-ndjson', 'application/jsonl', 'application/json-lines', 'application/jsonlines'];

export interface ImportAnswer {
  imported: number;
  unchanged: number;
  refused: number;
  refusals: { line: number; reason: string }[];
  /** More lines were refused than are listed. */
  refusals_truncated: boolean;
}

/**
 * POST /admin/v1/users/import (docs/password-import.md): users brought in with their password hashes,
 * a JSON lines body read as it arrives and sent on to the auth service a batch at a time, each batch
 * awaited before more of the body is read, so neither process holds the file. The answer counts the
 * lines imported, unchanged (already there: the import is idempotent by email) and refused, each refusal
 * with its line number and reason.
 */
export function adminImportRoutes(deps: AdminCallerDeps & Pick<AdminRoutesDeps, 'admin' | 'log'>): Router {
  const router = apiRouter({ prefix: '/admin/v1', noStore: true });
  const act = adminActions(deps);
  route(router, '/users/import', {
    POST: act('import users', async (ctx, actor) => {
      const type = ctx.get('content-type').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!TYPES.includes(type)) throw new HttpError(415, 'the body must be JSON lines (application/x-ndjson)');
      const encoding = ctx.get('content-encoding').trim().toLowerCase();
      if (encoding !== '' && encoding !== 'identity')
        throw new HttpError(415, 'content-encoded bodies are not accepted');
      const answer: ImportAnswer = { imported: 0, unchanged: 0, refused: 0, refusals: [], refusals_truncated: false };
      const refuse = (line: number, reason: string) => {
        answer.refused++;
        if (answer.refusals.length < IMPORT_MAX_REFUSALS_LISTED) answer.refusals.push({ line, reason });
        else answer.refusals_truncated = true;
      };
      let batch: auth.ImportLine[] = [];
      let chars = 0;
      let first = true;
      let written = 0;
      const send = async () => {
        if (batch.length === 0 && !first) return;
        try {
          const res = await deps.admin.importUsers(
            { actor, lines: batch, first },
            { deadlineMs: IMPORT_BATCH_DEADLINE_MS },
          );
          answer.imported += res.imported;
          answer.unchanged += res.unchanged;
          for (const r of res.refused) refuse(r.line, r.reason);
        } catch (err) {
          if (first) throw err;
          // Batches before this one are written; the file can be sent again whole (idempotent).
          const why = describeCallError(err).message;
          throw new HttpError(
            503,
            `the import stopped after line ${written} (${why}); lines up to it were imported: send the file again, lines already imported stay unchanged`,
          );
        }
        written = batch.at(-1)?.number ?? written;
        first = false;
        batch = [];
        chars = 0;
      };
      for await (const line of jsonLines(ctx.req, IMPORT_MAX_LINE_CHARS)) {
        if (line.tooLong) {
          refuse(line.number, `the line is longer than ${IMPORT_MAX_LINE_CHARS} characters`);
          continue;
        }
        batch.push({ number: line.number, text: line.text });
        chars += line.text.length;
        if (batch.length >= IMPORT_BATCH_LINES || chars >= IMPORT_BATCH_CHARS) await send();
      }
      await send();
      answer.refusals.sort((a, b) => a.line - b.line);
      ctx.body = answer;
    }),
  });
  return router;
}
