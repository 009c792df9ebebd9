import { AppError, errorCodes } from '@gatehouse/errors';

/**
 * Every error code the auth service sends, spelled once. This module sits below every other one of the
 * service, so that providers and the login engine both read it without importing each other.
 */
export const AuthErrors = errorCodes(
  'PROVIDER_NOT_SUPPORTED',
  'INVALID_HANDSHAKE',
  'UNEXPECTED_STATE',
  'PROVIDER_REFUSED',
  'EXCHANGE_FAILED',
  'USER_INFO_FAILED',
  'INVALID_ID_TOKEN',
  'AVATAR_FAILED',
  'TOKEN_REFUSED',
  'AUDIENCE_REFUSED',
  'SESSION_STORE_UNAVAILABLE',
  'BAD_USER',
  'FOREIGN_USER_ID',
  'HOOK_FAILED',
  'NO_JWKS',
  'PASSKEY_BAD_RESPONSE',
  'PASSKEY_CHALLENGE_REFUSED',
  'PASSKEY_REFUSED',
  'PASSKEY_NOT_FOUND',
  'PASSKEY_EXISTS',
  'PASSKEY_LIMIT',
  'PASSKEYS_DISABLED',
  // Sessions per device (sessions/device-sessions.ts)
  'SESSION_BAD_REQUEST',
  'SESSION_NOT_FOUND',
  // The user directory (directory/)
  'USER_BLOCKED',
  'IDENTITY_IN_USE',
  'LAST_LOGIN_METHOD',
  'FRESH_LOGIN_REQUIRED',
  'LINK_REFUSED',
  'USER_NOT_FOUND',
  'IDENTITY_NOT_FOUND',
  'USER_HAS_FUNDS',
  'DIRECTORY_DISABLED',
  'DIRECTORY_UNAVAILABLE',
  'ADMIN_BAD_REQUEST',
  // The OpenID provider (oidc/)
  'OIDC_DISABLED',
  'OIDC_BAD_REQUEST',
  // The OpenID provider's clients, administered (oidc/client-admin.ts): RFC 7591's errors, and the rest
  'OIDC_INVALID_CLIENT_METADATA',
  'OIDC_INVALID_REDIRECT_URI',
  'OIDC_CLIENT_NOT_FOUND',
  'OIDC_CLIENT_EXISTS',
  // The device authorization grant's user-code page (oidc/device.ts)
  'DEVICE_NO_SESSION',
  'DEVICE_CODE_MALFORMED',
  'DEVICE_CODE_NOT_FOUND',
  'DEVICE_CODE_EXPIRED',
  'DEVICE_CODE_USED',
  'DEVICE_CODE_CLAIMED',
  'DEVICE_LOGIN_AGAIN',
  // A user's grants (oidc/user-grants.ts)
  'OIDC_GRANT_NOT_FOUND',
  // Organisations (organizations/)
  'ORGS_DISABLED',
  'ORG_BAD_REQUEST',
  'ORG_NOT_FOUND',
  'ORG_SLUG_TAKEN',
  'ORG_FORBIDDEN',
  'ORG_MEMBER_NOT_FOUND',
  'ORG_LAST_OWNER',
  'ORG_INVITATION_NOT_FOUND',
  'ORG_NOT_RECIPIENT',
  'ORG_HAS_MEMBERS',
);

/** Login failures, with go-pkgz/auth's messages so existing clients read the same errors. */
export const loginErrors = {
  unknownProvider: (name: string) =>
    new AppError('invalid_argument', AuthErrors.PROVIDER_NOT_SUPPORTED, `provider ${name} not supported`),
  invalidHandshake: () => new AppError('permission_denied', AuthErrors.INVALID_HANDSHAKE, 'invalid handshake token'),
  unexpectedState: () => new AppError('permission_denied', AuthErrors.UNEXPECTED_STATE, 'unexpected state'),
  refusedByProvider: (reason: string) =>
    new AppError('permission_denied', AuthErrors.PROVIDER_REFUSED, `login refused by provider: ${reason}`),
  exchangeRefused: () => new AppError('permission_denied', AuthErrors.EXCHANGE_FAILED, 'exchange failed'),
  exchangeUnavailable: (cause: unknown) =>
    new AppError('unavailable', AuthErrors.EXCHANGE_FAILED, 'exchange failed', { cause }),
  userInfoUnavailable: (cause?: unknown) =>
    new AppError('unavailable', AuthErrors.USER_INFO_FAILED, 'failed to get user info', { cause }),
  /** The ID token failed signature, issuer, audience, expiry or nonce checks (OIDC, Apple). */
  invalidIdToken: (cause?: unknown) =>
    new AppError('permission_denied', AuthErrors.INVALID_ID_TOKEN, 'invalid id_token', { cause }),
  avatarFailed: (cause: unknown) =>
    new AppError('internal', AuthErrors.AVATAR_FAILED, 'failed to save avatar to proxy', { cause }),
  tokenRefused: (message: string) => new AppError('unauthenticated', AuthErrors.TOKEN_REFUSED, message),
  audienceRefused: (message: string) => new AppError('permission_denied', AuthErrors.AUDIENCE_REFUSED, message),
  noJwks: () => new AppError('not_found', AuthErrors.NO_JWKS, 'no JWKS: tokens are signed with HS256'),
};

/** Passkey registration and login failures (docs/accounts.md "Passkeys"). */
export const passkeyErrors = {
  disabled: () => new AppError('failed_precondition', AuthErrors.PASSKEYS_DISABLED, 'passkeys are not enabled'),
  badResponse: (why: string) => new AppError('invalid_argument', AuthErrors.PASSKEY_BAD_RESPONSE, why),
  /** Unknown, already answered or expired challenge, or one issued for another user or ceremony. */
  challengeRefused: () =>
    new AppError('permission_denied', AuthErrors.PASSKEY_CHALLENGE_REFUSED, 'challenge is unknown or expired'),
  refused: (why: string) => new AppError('permission_denied', AuthErrors.PASSKEY_REFUSED, `passkey refused: ${why}`),
  providerGone: (provider: string) =>
    new AppError(
      'unauthenticated',
      AuthErrors.PASSKEY_REFUSED,
      `passkey refused: the provider of this account ("${provider}") is no longer configured`,
    ),
  notFound: () => new AppError('not_found', AuthErrors.PASSKEY_NOT_FOUND, 'passkey not found'),
  alreadyRegistered: () => new AppError('already_exists', AuthErrors.PASSKEY_EXISTS, 'passkey is already registered'),
  tooMany: (max: number) =>
    new AppError('failed_precondition', AuthErrors.PASSKEY_LIMIT, `at most ${max} passkeys per user`),
};

/** The user directory's refusals (docs/accounts.md); the message is the word the gateway answers with. */
export const directoryErrors = {
  blocked: () => new AppError('permission_denied', AuthErrors.USER_BLOCKED, 'user blocked'),
  identityInUse: () => new AppError('already_exists', AuthErrors.IDENTITY_IN_USE, 'identity in use'),
  lastLoginMethod: () => new AppError('failed_precondition', AuthErrors.LAST_LOGIN_METHOD, 'last login method'),
  freshLoginRequired: () => new AppError('permission_denied', AuthErrors.FRESH_LOGIN_REQUIRED, 'fresh login required'),
  /** A link finished from another session than the one that started it, or with no session. */
  linkRefused: () => new AppError('permission_denied', AuthErrors.LINK_REFUSED, 'link refused'),
  userNotFound: () => new AppError('not_found', AuthErrors.USER_NOT_FOUND, 'user not found'),
  identityNotFound: () => new AppError('not_found', AuthErrors.IDENTITY_NOT_FOUND, 'identity not found'),
  hasFunds: () => new AppError('failed_precondition', AuthErrors.USER_HAS_FUNDS, 'user has funds'),
  disabled: () =>
    new AppError('failed_precondition', AuthErrors.DIRECTORY_DISABLED, 'the user directory needs DATABASE_URL'),
  badRequest: (why: string) => new AppError('invalid_argument', AuthErrors.ADMIN_BAD_REQUEST, why),
};

/** The OpenID provider's refusals outside the provider's own (its protocol errors are answered in HTTP). */
export const oidcErrors = {
  disabled: () =>
    new AppError('not_found', AuthErrors.OIDC_DISABLED, 'the OpenID provider is off (AUTH_OIDC_PROVIDER)'),
  badRequest: (why: string) => new AppError('invalid_argument', AuthErrors.OIDC_BAD_REQUEST, why),
  grantNotFound: () => new AppError('not_found', AuthErrors.OIDC_GRANT_NOT_FOUND, 'grant not found'),
};

/**
 * The administration of the provider's clients (oidc/client-admin.ts). Bad metadata carries RFC 7591's
 * error words as its codes' meaning: the gateway answers `invalid_client_metadata` or
 * `invalid_redirect_uri` with the message as `error_description`.
 */
export const clientAdminErrors = {
  invalidMetadata: (why: string) => new AppError('invalid_argument', AuthErrors.OIDC_INVALID_CLIENT_METADATA, why),
  invalidRedirectUri: (why: string) => new AppError('invalid_argument', AuthErrors.OIDC_INVALID_REDIRECT_URI, why),
  notFound: () => new AppError('not_found', AuthErrors.OIDC_CLIENT_NOT_FOUND, 'no client has this id'),
  exists: () => new AppError('already_exists', AuthErrors.OIDC_CLIENT_EXISTS, 'a client has this id already'),
  badRequest: (why: string) => new AppError('invalid_argument', AuthErrors.OIDC_BAD_REQUEST, why),
};

/** The user-code page's refusals (docs/openid-provider.md "Devices without a browser"). */
export const deviceErrors = {
  noSession: () => new AppError('unauthenticated', AuthErrors.DEVICE_NO_SESSION, 'log in first'),
  malformed: () =>
    new AppError(
      'invalid_argument',
      AuthErrors.DEVICE_CODE_MALFORMED,
      'user_code is 8 letters of BCDFGHJKLMNPQRSTVWXZ (a dash or spaces between them are fine)',
    ),
  notFound: () => new AppError('not_found', AuthErrors.DEVICE_CODE_NOT_FOUND, 'no such code: check it on the device'),
  /** The gateway answers 410 Gone for it. */
  expired: () =>
    new AppError(
      'failed_precondition',
      AuthErrors.DEVICE_CODE_EXPIRED,
      'this code has expired: start again on the device',
    ),
  used: () => new AppError('already_exists', AuthErrors.DEVICE_CODE_USED, 'this code has been used already'),
  claimed: () =>
    new AppError('already_exists', AuthErrors.DEVICE_CODE_CLAIMED, 'this code was opened in another session'),
  loginAgain: (why: string) => new AppError('permission_denied', AuthErrors.DEVICE_LOGIN_AGAIN, why),
};
