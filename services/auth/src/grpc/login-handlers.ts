import { fromPairs, toPairs, unaryHandler } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import type { login } from '@gatehouse/proto';
import { loginErrors } from '../errors';
import type { BuiltInLogin } from '../login/built-in-logins';
import { failure, type LoginAnswer, MAX_BODY_BYTES } from '../login/http-like';

const JSON_TYPE = 'application/json; charset=utf-8';

function toResponse(a: LoginAnswer): login.HttpResponse {
  return {
    status: a.status,
    headers: toPairs({ 'content-type': JSON_TYPE, ...a.headers }),
    body: Buffer.from(`${JSON.stringify(a.body)}\n`),
    userJson: a.userJson ?? '',
    site: a.site ?? '',
    redirectUrl: a.redirectUrl ?? '',
  };
}

/**
 * login.v1.LoginHandler served by the auth service for its built-in providers: the gateway routes
 * /auth/<name>/* of each direct and verified provider here, and issues the session (IssueSession) for
 * the user_json an answer carries, exactly as for an external handler.
 */
export function builtInLoginHandlers(logins: BuiltInLogin[], log: Logger): login.LoginHandlerHandlers {
  const byName = new Map(logins.map((l) => [l.name, l]));
  const find = (name: string) => {
    const found = byName.get(name);
    if (!found) throw loginErrors.unknownProvider(name);
    return found;
  };
  const ok = (req: login.HttpRequest__Output) => {
    find(req.provider);
    return toResponse({ status: 200, headers: {}, body: '' });
  };
  return {
    Login: unaryHandler(log, async (req: login.HttpRequest__Output) => {
      const provider = find(req.provider);
      if (req.method !== 'GET' && req.method !== 'POST') return toResponse(failure(405, 'method not allowed'));
      if (req.body.length > MAX_BODY_BYTES) return toResponse(failure(413, 'request body is too large'));
      const answer = await provider.login({
        method: req.method,
        query: fromPairs(req.query),
        headers: fromPairs(req.headers),
        body: Buffer.from(req.body),
        clientIp: req.clientIp,
      });
      return toResponse(answer);
    }),
    // As go-pkgz: the callback is a no-op, and logout has nothing to revoke (the gateway clears cookies).
    Callback: unaryHandler(log, async (req: login.HttpRequest__Output) => ok(req)),
    Logout: unaryHandler(log, async (req: login.HttpRequest__Output) => ok(req)),
  };
}
