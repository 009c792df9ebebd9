import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import { codeBody, factorBody } from '../routes/auth/totp.routes';
import {
  AUTH_REFUSALS,
  authError,
  COOKIE_SESSION,
  json,
  NO_STORE,
  REDIRECT_BODY,
  RETRY_AFTER,
  SESSION_COOKIES,
  User,
} from './common';

/** The TOTP second factor (routes/auth/totp.routes.ts); request bodies are the routes' own schemas. */

/** A login callback's answer for a user with a second factor: no session yet, a pending cookie. */
export const SecondFactorRequired = z.object({ second_factor: z.literal('totp') }).meta({
  id: 'SecondFactorRequired',
  description: 'POST /auth/totp/verify with the pending cookie completes the login',
});

const TotpCode = codeBody.meta({ id: 'TotpCode' });
const TotpFactor = factorBody.meta({ id: 'TotpFactor', description: 'Either `code` or `recovery_code`' });
const NO_STORE_HEADER = z.object({ 'Cache-Control': NO_STORE });
const FRESH = authError('`this needs a recent login`: not a cookie session, or its login is over 5 minutes old');
const LIMITED = authError('`too many wrong codes`', z.object(RETRY_AFTER));
const BODY_ERRORS = {
  400: authError('A malformed body, or a wrong code'),
  413: authError('The body is over 4 kB'),
  415: authError('Not application/json, or content-encoded'),
};

/**
 * The 10 single-use recovery codes, answered once (activation, regeneration), and how many other
 * sessions of the user the change ended.
 */
const RecoveryCodes = z
  .strictObject({
    recovery_codes: z.array(z.string()).length(10),
    other_sessions_ended: z.number().int().min(0).nullable().meta({
      description:
        "The user's other sessions ended by this change (every one but the caller's: each device logs in again); null when they could not be ended now: end them from the session list",
    }),
  })
  .meta({ id: 'RecoveryCodes' });

export function registerTotpPaths(registry: OpenAPIRegistry): void {
  const base = { tags: ['totp'] };
  registry.registerPath({
    ...base,
    method: 'get',
    path: '/auth/totp',
    summary: "Whether the user's second factor is on",
    security: COOKIE_SESSION,
    responses: {
      200: {
        description: 'The status',
        headers: NO_STORE_HEADER,
        content: json(
          z
            .strictObject({
              enabled: z.boolean(),
              recovery_codes_left: z.number().int().min(0),
              available: z.boolean().meta({ description: 'TOTP is configured (Postgres and AUTH_TOTP_KEY)' }),
            })
            .meta({ id: 'TotpStatus' }),
        ),
      },
      ...AUTH_REFUSALS,
      403: authError('`TOTP needs a session`'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/totp/setup',
    summary: 'A new TOTP secret for the session user (nothing enforced yet)',
    security: COOKIE_SESSION,
    responses: {
      200: {
        description: 'The secret, its otpauth:// URI and a QR code of it',
        headers: NO_STORE_HEADER,
        content: json(
          z
            .strictObject({
              secret: z.string().meta({ description: 'base32' }),
              uri: z
                .string()
                .meta({ example: 'otpauth://totp/gatehouse:alice?secret=JBSWY3DPEHPK3PXP&issuer=gatehouse' }),
              qr_svg: z.string().meta({ description: 'The URI as an SVG QR code' }),
            })
            .meta({ id: 'TotpSetup' }),
        ),
      },
      ...AUTH_REFUSALS,
      403: FRESH,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/totp/activate',
    summary:
      "Turns the second factor on with a first code; answers the recovery codes, once; ends the user's other sessions",
    security: COOKIE_SESSION,
    request: { body: { required: true, content: json(TotpCode) } },
    responses: {
      200: {
        description: 'Activated: 10 single-use recovery codes',
        headers: NO_STORE_HEADER,
        content: json(RecoveryCodes),
      },
      ...BODY_ERRORS,
      ...AUTH_REFUSALS,
      403: authError('`TOTP needs a session`'),
      429: LIMITED,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/totp/verify',
    summary: 'Completes a pending login with a code or a recovery code',
    description: 'Needs the pending cookie a login callback set (5 minutes, single use); sets the session cookies.',
    request: { body: { required: true, content: json(TotpFactor) } },
    responses: {
      200: { description: 'Logged in', headers: NO_STORE_HEADER.extend(SESSION_COOKIES.shape), content: json(User) },
      303: { description: 'Logged in: to `from`', headers: z.object({ Location: z.string() }), content: REDIRECT_BODY },
      ...BODY_ERRORS,
      401: authError('No pending login, or a wrong, replayed or used code'),
      429: LIMITED,
      default: authError('The auth service failed'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'delete',
    path: '/auth/totp',
    summary: 'Turns the second factor off, with a current code or a recovery code',
    security: COOKIE_SESSION,
    request: { body: { required: true, content: json(TotpFactor) } },
    responses: {
      204: { description: 'Turned off' },
      ...BODY_ERRORS,
      ...AUTH_REFUSALS,
      403: FRESH,
      429: LIMITED,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/totp/recovery-codes',
    summary:
      "New recovery codes, with a current code or a recovery code; the earlier ones stop working; ends the user's other sessions",
    security: COOKIE_SESSION,
    request: { body: { required: true, content: json(TotpFactor) } },
    responses: {
      200: {
        description: '10 new single-use recovery codes, shown once',
        headers: NO_STORE_HEADER,
        content: json(RecoveryCodes),
      },
      ...BODY_ERRORS,
      ...AUTH_REFUSALS,
      403: FRESH,
      429: LIMITED,
    },
  });
}
