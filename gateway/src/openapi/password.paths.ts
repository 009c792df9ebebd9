import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@gatehouse/config';
import {
  addBody,
  changeBody,
  emailBody,
  loginBody,
  resetCompleteBody,
  resetStartBody,
  signupBody,
  tokenBody,
} from '../routes/auth/password.routes';
import { AUTH_REFUSALS, authError, COOKIE_SESSION, json, NO_STORE, RETRY_AFTER, SESSION_COOKIES, User } from './common';
import { SecondFactorRequired } from './totp.paths';

/** Password accounts (routes/auth/password.routes.ts, docs/password-accounts.md); bodies are the routes' own schemas. */

const NO_STORE_HEADER = z.object({ 'Cache-Control': NO_STORE });
const LIMITED = authError('`too many attempts`', z.object(RETRY_AFTER));
const BODY_ERRORS = {
  400: authError('A malformed body, a password the policy refuses, or a link that is invalid, used or expired'),
  413: authError('The body is over 16 kB'),
  415: authError('Not application/json, or content-encoded'),
};
const SENT = z
  .strictObject({ status: z.literal('sent'), message: z.string() })
  .meta({ id: 'PasswordMessageSent', description: 'The same answer whether the address has an account or not' });
const SESSIONS_ENDED = z.number().int().min(0).meta({ description: "The user's sessions this ended" });
const CAPTCHA = authError(
  '`CAPTCHA required`, or `the CAPTCHA was not solved` (when a CAPTCHA provider is configured)',
);

export function registerPasswordPaths(registry: OpenAPIRegistry): void {
  const base = { tags: ['passwords'] };
  const body = (schema: z.ZodType) => ({ body: { required: true, content: json(schema) } });
  const sent = { description: 'Sent (or not: the answer never says)', headers: NO_STORE_HEADER, content: json(SENT) };
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/signup',
    summary: 'Signs up with an address and a password; a verification link is mailed',
    request: body(signupBody.meta({ id: 'PasswordSignup' })),
    responses: {
      202: sent,
      ...BODY_ERRORS,
      403: authError('`sign-up is closed` (AUTH_PASSWORD_SIGNUP=false), or a CAPTCHA refusal'),
      429: LIMITED,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/verify',
    summary: "Spends a verification link's token: the address (or a change of address) is proved",
    request: body(tokenBody.meta({ id: 'PasswordToken' })),
    responses: {
      200: {
        description: 'Verified',
        headers: NO_STORE_HEADER,
        content: json(z.strictObject({ verified: z.literal(true), email_changed: z.boolean() })),
      },
      ...BODY_ERRORS,
      409: authError('`another account took this address meanwhile`'),
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/login',
    summary: 'Logs in with an address and a password',
    request: { ...body(loginBody.meta({ id: 'PasswordLogin' })) },
    responses: {
      200: {
        description: 'Logged in (session cookies), or a second factor is asked for (the pending cookie)',
        headers: NO_STORE_HEADER.extend(SESSION_COOKIES.shape),
        content: json(z.union([User, SecondFactorRequired])),
      },
      ...BODY_ERRORS,
      403: authError(
        '`incorrect email or password` (the same for an unknown address), `verify your address first`, `user blocked`, or a CAPTCHA refusal',
      ),
      429: LIMITED,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/reset/start',
    summary: 'Mails a reset link to the address, when it has an account',
    request: body(resetStartBody.meta({ id: 'PasswordResetStart' })),
    responses: { 202: sent, ...BODY_ERRORS, 403: CAPTCHA, 429: LIMITED },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/reset/complete',
    summary: "Sets a new password with a reset link's token; every session of the user ends",
    request: body(resetCompleteBody.meta({ id: 'PasswordResetComplete' })),
    responses: {
      200: {
        description: 'Set: log in with it',
        headers: NO_STORE_HEADER,
        content: json(z.strictObject({ password_set: z.literal(true), sessions_ended: SESSIONS_ENDED })),
      },
      ...BODY_ERRORS,
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/change',
    summary: "Changes the session user's password; their other sessions end",
    security: COOKIE_SESSION,
    request: body(changeBody.meta({ id: 'PasswordChange' })),
    responses: {
      200: {
        description: 'Changed',
        headers: NO_STORE_HEADER,
        content: json(z.strictObject({ changed: z.literal(true), other_sessions_ended: SESSIONS_ENDED })),
      },
      ...BODY_ERRORS,
      ...AUTH_REFUSALS,
      403: authError('Not a fresh cookie session, or `the current password is wrong`'),
      ...{ 400: authError('A malformed body, a refused password, or `this account has no password`') },
    },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/email',
    summary: 'Changes the address: a link to the new one, a notice to the old one',
    security: COOKIE_SESSION,
    request: body(emailBody.meta({ id: 'PasswordEmail' })),
    responses: { 202: sent, ...BODY_ERRORS, ...AUTH_REFUSALS },
  });
  registry.registerPath({
    ...base,
    method: 'post',
    path: '/auth/password/add',
    summary:
      "Adds a password to the session user's account (a user of another provider); its address is verified by a link",
    security: COOKIE_SESSION,
    request: body(addBody.meta({ id: 'PasswordAdd' })),
    responses: {
      202: sent,
      ...BODY_ERRORS,
      ...AUTH_REFUSALS,
      403: authError('Not a fresh cookie session'),
      409: authError('`this account has a password already`'),
      429: LIMITED,
    },
  });
}
