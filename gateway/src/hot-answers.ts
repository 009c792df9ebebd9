// The cached answers the gateway's HTTP server gives before Koa: GET /auth/user for a token verified
// before, and avatars in the gateway's cache. Each is one synchronous pass on the raw request (see
// authRoutes and avatarHandlers); this file chains them and counts them in the request metrics like any
// other. The card loads taken before Koa (routes/card-load.fast.ts) answer later, and count themselves;
// gateway.ts puts both in front of Koa.
import type http from 'node:http';
import type { httpMetrics } from './metrics';

export type RawAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

/**
 * The first of `answers` that answers the request, counted under its metrics route when metrics are
 * on. Every request passes here, so a request none of them answers costs their cheap checks only.
 */
export function hotAnswers(
  answers: ReadonlyArray<{ answer: RawAnswer; route: string }>,
  requestMetrics: ReturnType<typeof httpMetrics> | undefined,
): RawAnswer {
  if (!requestMetrics) {
    const plain = answers.map((a) => a.answer);
    return (req, res) => {
      for (const answer of plain) if (answer(req, res)) return true;
      return false;
    };
  }
  return (req, res) => {
    const start = performance.now();
    for (const { answer, route } of answers) {
      if (!answer(req, res)) continue;
      requestMetrics.answeredBeforeKoa(route, req.method ?? '', res.statusCode, start);
      return true;
    }
    return false;
  };
}
