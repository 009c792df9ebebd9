// The route kit: the policy every route of the gateway shares, spelled once. A route file takes what it
// needs from here (its folder, `../kit`) rather than writing its own; gateway/test/layout.test.ts fails a
// route file that writes a login answer, a logout, a 405, the security headers or a query reader.
// The router and its methods (router.ts):
//   apiRouter({ prefix, noStore })  a Router whose every answer carries go-pkgz's security headers (and
//                              no-store: anything with user data or a token), errors and refusals included.
//   route(router, path, { GET: [...], DELETE: [...] })  a route's handlers by method; its other methods
//                              are the one 405: Allow names what it serves, {"error":"method not allowed"}.
//   onlyMethods(ctx, methods)  the same 405 inside a handler that takes every method of its path.
//   answerTheRest(router, text)  the rest of a router alone under its prefix: 405 on a route's path, 404 text.
// The request (request.ts):
//   queryOf(ctx, zodSchema), queryParam(ctx, name, { once? }), queryValues(ctx)  the query, each
//                              parameter once (a repeated one's first); a bad one is a 400 saying what.
//   bodyReader('json'|'form', { limit, methods?, typeRequired? })  the body reader (middleware, or
//                              `await read(ctx)` inside a handler); then bodyOf(ctx, zodSchema) checks it (400).
// The caller (caller.ts):
//   requireUser(authenticator, cookies, { owner?, refusalBody? })  authenticate, required: the caller is
//                              ctx.state.user (and ctx.state.auth) after it, or the refusal is answered.
//   sessionUser(ctx, refusal)  the session's own user from its verified token ({id, name, picture, jti}),
//                              403 `refusal` for basic auth or a token without one; needs authenticate first.
//   requireFreshLogin(ctx, refusal)  a cookie session (XSRF checked) logged in at most 5 minutes ago, else 403.
//   authenticated(ctx, authenticator, cookies, owner)  one authentication for a route wording its own refusals.
//   navigationSession(ctx, authenticator, cookies)  the session token of a navigation (no XSRF header), or ''.
//   answerReissued(ctx, cookies, session)  a session signed again (an organisation switch): cookies, or the token.
// Answers (answers.ts, login.ts):
//   noStore() / setNoStore(ctx)  Cache-Control: no-store on a router's answers, or on one answer.
//   limited(ctx, seconds, text)  the limiter's answer: 429 with Retry-After.
//   loginQuery(ctx)            what a login asks: site (or aud), from, session, noava.
//   answerLoginStart(ctx, cookies, begun)  the handshake cookie and the redirect to the provider.
//   answerLogin(ctx, cookies, finished)  every finished login: a link's identity, the pending second
//                              factor, or the session cookies and a 303 to `from` or the user JSON.
//   logout(ctx, deps, end, provider?) / loggedOut(ctx, deps, claims)  every logout; a session ended here.
//   endedByAuth(ctx, deps, { jti, untilMs })  a session the auth service ended while answering (RP logout).
//   cookieText(name, value, policy, attrs)  any other cookie: auth/cookies.ts is the one place
//                              attributes are chosen.
// Errors are thrown as HttpError(status, text): errorHandler answers {"error": text}. A route under
// /auth is mounted in surfaces/public.ts's /auth list; the go-pkgz fallback (routes/auth/fallback.routes.ts)
// comes last there, so no route needs to be mounted before another.
export { type CookiePolicy, cookieText, type TokenCookie } from '../../auth/cookies';
export { bodyReader } from '../../middleware/bodies';
export { HttpError } from '../../middleware/errors';
export { limited, noStore, setNoStore } from './answers';
export {
  answerReissued,
  authenticated,
  FRESH_LOGIN_S,
  navigationSession,
  requireFreshLogin,
  requireUser,
  type SessionUser,
  sessionUser,
} from './caller';
export {
  answerLogin,
  answerLoginStart,
  CODE_PROMPT_PATH,
  endedByAuth,
  type FinishedLogin,
  handshakeCookiePolicy,
  LOGIN_DEADLINE_MS,
  type LoginQuery,
  type LogoutDeps,
  loggedOut,
  loginQuery,
  logout,
  PENDING_COOKIE,
  PENDING_PATH,
} from './login';
export { bodyOf, queryOf, queryParam, queryValues } from './request';
export { answerTheRest, apiRouter, onlyMethods, type RouteMethods, route } from './router';
