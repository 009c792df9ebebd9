import { describeCallError, type PromiseClient } from '@gatehouse/grpc-kit';
import type { auth } from '@gatehouse/proto';
import type Router from '@koa/router';
import { parse as parseCookies } from 'cookie';
import type Koa from 'koa';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authenticator';
import { clientInfo } from '../../auth/client-info';
import {
  answerLogin,
  answerTheRest,
  apiRouter,
  bodyOf,
  bodyReader,
  type CookiePolicy,
  cookieText,
  HttpError,
  LOGIN_DEADLINE_MS,
  limited,
  PENDING_COOKIE,
  PENDING_PATH,
  requireFreshLogin,
  requireUser,
  sessionUser,
} from '../kit';

export interface TotpRoutesDeps {
  totp: PromiseClient<auth.TotpServiceClient>;
  authenticator: Authenticator;
  cookies: CookiePolicy;
}

/** Expires the pending login's cookie (the kit's login answer writes it) once that login is over. */
function clearPending(ctx: Koa.Context, policy: CookiePolicy): void {
  ctx.append('Set-Cookie', cookieText(PENDING_COOKIE, '', policy, { path: PENDING_PATH, httpOnly: true, lifetime: 0 }));
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

const readJson = bodyReader('json', {
  limit: '4kb',
  methods: ['POST', 'DELETE'],
  typeRequired: 'send the body as application/json',
});

/** The JSON body, checked against `schema`. */
async function body<T>(ctx: Koa.Context, schema: z.ZodType<T>): Promise<T> {
  await readJson(ctx);
  return bodyOf(ctx, schema);
}

/**
 * The session's own user and the session itself (its jti): the one that stays when a change of the
 * second factor ends the others.
 */
function totpUser(ctx: Koa.Context): auth.TotpUser {
  const user = sessionUser(ctx, 'TOTP needs a session', { jti: true });
  return { id: user.id, name: user.name, sessionJti: user.jti ?? '' };
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

const FRESH = 'this needs a recent login: log in again, then retry within 5 minutes';
const WRONG_CODES = 'too many wrong codes: try again later';

/**
 * /auth/totp: the TOTP second factor (docs/accounts.md "Second factor (TOTP)"). Status, setup, activation and
 * removal act for the logged-in user (session and XSRF header, as every authenticated route); verify
 * completes a login held back for a code, with the pending cookie alone.
 */
export function totpRoutes(deps: TotpRoutesDeps): Router {
  const router = apiRouter({ prefix: PENDING_PATH, noStore: true });
  const user = requireUser(deps.authenticator, deps.cookies);

  router.get('/', user, async (ctx) => {
    const s = await deps.totp.getTotpStatus({ user: totpUser(ctx) });
    ctx.body = { enabled: s.enabled, recovery_codes_left: s.recoveryCodesLeft, available: s.available };
  });

  router.post('/setup', user, async (ctx) => {
    requireFreshLogin(ctx, FRESH);
    const { secret, uri } = await deps.totp.setupTotp({ user: totpUser(ctx) });
    // The QR code is drawn here (SVG, no script in it), so the page needs no library of its own.
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    ctx.body = { secret, uri, qr_svg: qrSvg };
  });

  router.post('/activate', user, async (ctx) => {
    const { code: given } = await body(ctx, codeBody);
    const res = await deps.totp.activateTotp({ user: totpUser(ctx), code: given });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, WRONG_CODES);
    ctx.body = { recovery_codes: res.recoveryCodes, other_sessions_ended: othersEnded(deps, res) };
  });

  router.delete('/', user, async (ctx) => {
    requireFreshLogin(ctx, FRESH);
    const factor = await body(ctx, factorBody);
    const res = await deps.totp.disableTotp({
      user: totpUser(ctx),
      factor: grpcFactor(factor),
    });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, WRONG_CODES);
    ctx.status = 204;
  });

  // New recovery codes (the earlier ones stop working): a recent login and a current code, as removal.
  router.post('/recovery-codes', user, async (ctx) => {
    requireFreshLogin(ctx, FRESH);
    const factor = await body(ctx, factorBody);
    const res = await deps.totp.regenerateRecoveryCodes({
      user: totpUser(ctx),
      factor: grpcFactor(factor),
    });
    if (res.retryAfterSeconds > 0) return limited(ctx, res.retryAfterSeconds, WRONG_CODES);
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
      if (describeCallError(err).kind === 'unauthenticated') clearPending(ctx, deps.cookies);
      throw err;
    }
    if (!res.session) return limited(ctx, res.retryAfterSeconds || 1, WRONG_CODES);
    clearPending(ctx, deps.cookies);
    answerLogin(ctx, deps.cookies, res);
  });

  // Anything else under /auth/totp: 405 with Allow on a route's other methods, 404 elsewhere.
  answerTheRest(router, 'no such TOTP route');

  return router;
}
