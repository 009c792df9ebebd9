// The answers the gateway's HTTP server gives before Koa: GET /auth/user for a token verified before,
// and avatars in the gateway's cache. Each is one synchronous pass on the raw request (see authRoutes
// and avatarHandlers); this file chains them and counts them in the request metrics like any other.
import type http from 'node:http';
import type { GatewayConfig } from './config';
import type { httpMetrics } from './metrics';

export type RawAnswer = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;

export function hotAnswers(
  auth: { answerCached: RawAnswer },
  avatars: { answerCached: RawAnswer },
  requestMetrics: ReturnType<typeof httpMetrics> | undefined,
  config: GatewayConfig,
): RawAnswer {
  const user = countedBeforeKoa(auth.answerCached, requestMetrics, '/auth/user');
  const avatar = countedBeforeKoa(
    avatars.answerCached,
    requestMetrics,
    `${config.token.avatarRoutePath.replace(/\/+$/, '')}/*`,
  );
  return (req, res) => user(req, res) || avatar(req, res);
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
