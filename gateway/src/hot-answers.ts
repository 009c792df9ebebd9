// The answers the gateway's HTTP server gives before Koa: GET /auth/user for a token verified before,
// and avatars in the gateway's cache. Each is one synchronous pass on the raw request (see authRoutes
// and avatarHandlers); this file chains them and counts them in the request metrics like any other.
import type http from 'node:http';
import type { httpMetrics } from './metrics';

export type RawAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

/** The first of `answers` that answers the request; each is counted under its metrics route. */
export function hotAnswers(
  answers: ReadonlyArray<{ answer: RawAnswer; route: string }>,
  requestMetrics: ReturnType<typeof httpMetrics> | undefined,
): RawAnswer {
  const counted = answers.map(({ answer, route }) => countedBeforeKoa(answer, requestMetrics, route));
  return (req, res) => counted.some((answer) => answer(req, res));
}

/** A before-Koa answer counted in the request metrics (under `route`) when they are on. */
function countedBeforeKoa(
  answer: RawAnswer,
  requestMetrics: ReturnType<typeof httpMetrics> | undefined,
  route: string,
): RawAnswer {
  if (!requestMetrics) return answer;
  return (req, res) => {
    const start = performance.now();
    if (!answer(req, res)) return false;
    requestMetrics.answeredBeforeKoa(route, req.method ?? '', res.statusCode, start);
    return true;
  };
}
