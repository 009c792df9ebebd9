import type { PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import * as grpc from '@grpc/grpc-js';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { parse as parseCookies, serialize } from 'cookie';
import type Koa from 'koa';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Authenticator } from '../auth/authenticator';
import { clientInfo } from '../auth/client-info';
import { type CookiePolicy, clearTokenCookies, setTokenCookies, type TokenCookie } from '../auth/cookies';
import { authenticate } from '../middleware/authenticate';
import { refuseEncodedBody } from '../middleware/bodies';
import { HttpError, isClientAbort } from '../middleware/errors';
import { securityHeaders } from '../middleware/security-headers';
import { LOGIN_DEADLINE_MS } from './auth.routes';

/**
 * The pending login's cookie: an opaque id the auth service keeps 5 minutes (never a token the
 * authenticator could take for a session), sent only to /auth/totp/*.
 */
export const PENDING_COOKIE = 'TOTP-PENDING';
const PENDING_PATH = '/auth/totp';
/** Where a login that was given `from` sends the browser for the code: the page's prompt. */
export const CODE_PROMPT_PATH = '/?second_factor=totp';

/** How old the login behind setup and removal may be: both change how the account is protected. */
const FRESH_LOGIN_S = 5 * 60;

export interface TotpRoutesDeps {
  totp: PromiseClient<auth.TotpServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/**
 * A login whose user must give a code first: no session cookies (the handshake's are cleared), the
 * pending cookie instead, and 200 {"second_factor":"totp"}, or 303 to the page's prompt when the login
 * was given a `from` to return to (the pending login remembers it for after the code).
 */
export function answerSecondFactor(
  ctx: Koa.Context,
  policy: CookiePolicy,
  pending: TokenCookie,
  redirect: boolean,
): void {
  clearTokenCookies(ctx, policy);
  ctx.append(
    'Set-Cookie',
    serialize(PENDING_COOKIE, pending.token, {
      path: PENDING_PATH,
      httpOnly: true,
      sameSite: policy.sameSite,
      secure: policy.secure,
      maxAge: pending.maxAgeSeconds,
    }),
  );
  if (redirect) {
    ctx.status = 303;
    ctx.redirect(CODE_PROMPT_PATH);
    return;
  }
  ctx.status = 200;
  ctx.body = { second_factor: 'totp' };
}

/** answerSecondFactor with the gateway's cookie policy, for the routes that finish logins. */
export function secondFactorAnswer(policy: CookiePolicy) {
  return (ctx: Koa.Context, pending: TokenCookie, redirect: boolean) =>
    answerSecondFactor(ctx, policy, pending, redirect);
}

function clearPending(ctx: Koa.Context, policy: CookiePolicy): void {
  ctx.append(
    'Set-Cookie',
    serialize(PENDING_COOKIE, '', {
      path: PENDING_PATH,
      httpOnly: true,
      sameSite: policy.sameSite,
      secure: policy.secure,
      maxAge: 0,
      expires: new Date(0),
    }),
  );
}

// Codes are 6 digits and recovery codes 14 characters; 64 leaves room for spaces, nothing for abuse.
const code = z.string().min(1).max(64, 'the code is too long (at most 64 characters)');
export const factorBody = z
  .strictObject({ code: code.optional(), recovery_code: code.optional() })
  .refine((b) => (b.code === undefined) !== (b.recovery_code === undefined), 'give either code or recovery_code');
export const codeBody = z.strictObject({ code });

/** The body's factor as the TOTP service takes it (an empty string for the one not given). */
const grpcFactor = (factor: z.infer<typeof factorBody>): auth.TotpFactor => ({
  code: factor.code ?? '',
  recoveryCode: factor.recovery_code ?? '',
});

const parseJson = bodyParser({ enableTypes: ['json'], jsonLimit: '4kb', parsedMethods: ['POST', 'DELETE'] });

/** The JSON body, checked against `schema`: a bad body is a 400 saying what is wrong. */
async function body<T>(ctx: Koa.Context, schema: z.ZodType<T>): Promise<T> {
  refuseEncodedBody(ctx);
  if (!ctx.is('application/json')) throw new HttpError(415, 'send the body as application/json');
  try {
    await parseJson(ctx, async () => {});
  } catch (err) {
    if (isClientAbort(ctx, err)) throw err;
    if ((err as { status?: unknown }).status === 413) throw new HttpError(413, 'request body is too large');
    throw new HttpError(400, 'malformed request body');
  }
  const parsed = schema.safeParse(ctx.request.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpError(400, `${where}${issue?.message ?? 'invalid body'}`);
  }
  return parsed.data;
}

/**
 * The session's own user, as its verified token carries it (not a hook's rewrite, not basic auth), and
 * the session itself (its jti): the one that stays when a change of the second factor ends the others.
 */
function sessionUser(ctx: Koa.Context): auth.TotpUser {
  const claims = ctx.state.auth?.claims;
  const user = claims?.user;
  if (!user?.id || !claims?.jti) throw new HttpError(403, 'TOTP needs a session');
  return { id: user.id, name: user.name ?? user.id, sessionJti: claims.jti };
}

/**
 * The answer of a change that ended the user's other sessions (activation, new recovery codes): they
 * are refused here at once (the other gateways hear of it from the auth service), and the page is told
 * how many ended, or null when they could not be (it then points at the session list).
 */
function othersEnded(
  deps: TotpRoutesDeps,
  res: { endedSessions: auth.EndedSession__Output[]; otherSessionsNotEnded: boolean },
): number | null {
  for (const e of res.endedSessions) deps.authenticator.endSessionUntil(e.jti, Number(e.untilUnixMs));
  return res.otherSessionsNotEnded ? null : res.endedSessions.length;
}

/** A cookie session (XSRF checked) whose login is at most 5 minutes old, as for passkey registration. */
function freshSession(ctx: Koa.Context): void {
  const authTime = ctx.state.auth?.claims?.auth_time;
  const fresh =
    ctx.state.auth?.source === 'cookie' &&
    typeof authTime === 'number' &&
    Date.now() / 1000 - authTime <= FRESH_LOGIN_S;
  if (!fresh) throw new HttpError(403, 'this needs a recent login: log in again, then retry within 5 minutes');
}

function limited(ctx: Koa.Context, retryAfterSeconds: number): void {
  ctx.set('Retry-After', String(retryAfterSeconds));
  throw new HttpError(429, 'too many wrong codes: try again later');
}

/**
 * /auth/totp: the TOTP second factor (docs/accounts.md "Second factor (TOTP)"). Status, setup, activation and
 * removal act for the logged-in user (session and XSRF header, as every authenticated route); verify
 * completes a login held back for a code, with the pending cookie alone. Mount before authRoutes.
 */
export function totpRoutes(deps: TotpRoutesDeps): Router {
  const router = new Router({ prefix: PENDING_PATH });
  router.use(securityHeaders());
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  const requireUser = authenticate(deps.authenticator, deps.cookies, { required: true });

  router.get('/', requireUser, async (ctx) => {
    const s = await deps.totp.getTotpStatus({ user: sessionUser(ctx) });
    ctx.body = { enabled: s.enabled, recovery_codes_left: s.recoveryCodesLeft, available: s.available };
  });

  router.post('/setup', requireUser, async (ctx) => {
    freshSession(ctx);
    const { secret, uri } = await deps.totp.setupTotp({ user: sessionUser(ctx) });
    // The QR code is drawn here (SVG, no script in it), so the page needs no library of its own.
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    ctx.body = { secret, uri, qr_svg: qrSvg };
  });

  router.post('/activate', requireUser, async (ctx) => {
    const { code: given } = await body(ctx, codeBody);
    const res = await deps.totp.activateTotp({ user: sessionUser(ctx), code: given });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds);
    ctx.body = { recovery_codes: res.recoveryCodes, other_sessions_ended: othersEnded(deps, res) };
  });

  router.delete('/', requireUser, async (ctx) => {
    freshSession(ctx);
    const factor = await body(ctx, factorBody);
    const res = await deps.totp.disableTotp({
      user: sessionUser(ctx),
      factor: grpcFactor(factor),
    });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds);
    ctx.status = 204;
  });

  // New recovery codes (the earlier ones stop working): a recent login and a current code, as removal.
  router.post('/recovery-codes', requireUser, async (ctx) => {
    freshSession(ctx);
    const factor = await body(ctx, factorBody);
    const res = await deps.totp.regenerateRecoveryCodes({
      user: sessionUser(ctx),
      factor: grpcFactor(factor),
    });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds);
    ctx.body = { recovery_codes: res.recoveryCodes, other_sessions_ended: othersEnded(deps, res) };
  });

  router.post('/verify', async (ctx) => {
    const pendingId = parseCookies(ctx.get('cookie'))[PENDING_COOKIE] ?? '';
    if (!pendingId) throw new HttpError(401, 'no login is waiting for a second factor: log in first');
    const factor = await body(ctx, factorBody);
    let res: auth.VerifyTotpResponse__Output;
    try {
      res = await deps.totp.verifyTotp(
        {
          pendingId,
          factor: grpcFactor(factor),
          client: clientInfo(ctx),
        },
        { deadlineMs: LOGIN_DEADLINE_MS },
      );
    } catch (err) {
      // An unknown or used pending login is over: its cookie goes too.
      if ((err as { code?: unknown }).code === grpc.status.UNAUTHENTICATED) clearPending(ctx, deps.cookies);
      throw err;
    }
    if (!res.session) return limited(ctx, res.retryAfterSeconds || 1);
    clearPending(ctx, deps.cookies);
    setTokenCookies(ctx, deps.cookies, res.session);
    if (res.redirectUrl) {
      ctx.status = 303;
      ctx.redirect(res.redirectUrl);
      return;
    }
    ctx.body = JSON.parse(res.userJson);
  });

  // Anything else under /auth/totp: 405 with Allow on a route's other methods, 404 elsewhere.
  const ALLOWED: Record<string, string> = {
    '': 'GET, DELETE',
    setup: 'POST',
    activate: 'POST',
    'recovery-codes': 'POST',
    verify: 'POST',
  };
  const otherwise: Koa.Middleware = async (ctx) => {
    const allow = ALLOWED[ctx.path.slice(PENDING_PATH.length).replace(/^\/|\/$/g, '')];
    if (allow === undefined) throw new HttpError(404, 'no such TOTP route');
    ctx.set('Allow', allow);
    throw new HttpError(405, `method not allowed: use ${allow}`);
  };
  router.all('/', otherwise);
  router.all('/{*rest}', otherwise);

  return router;
}
