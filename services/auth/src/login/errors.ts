import { AppError } from '@gatehouse/grpc-kit';

/** Login failures, with go-pkgz/auth's messages so existing clients read the same errors. */
export const loginErrors = {
  unknownProvider: (name: string) =>
    new AppError('invalid_argument', 'PROVIDER_NOT_SUPPORTED', `provider ${name} not supported`),
  invalidHandshake: () => new AppError('permission_denied', 'INVALID_HANDSHAKE', 'invalid handshake token'),
  unexpectedState: () => new AppError('permission_denied', 'UNEXPECTED_STATE', 'unexpected state'),
  refusedByProvider: (reason: string) =>
    new AppError('permission_denied', 'PROVIDER_REFUSED', `login refused by provider: ${reason}`),
  exchangeRefused: () => new AppError('permission_denied', 'EXCHANGE_FAILED', 'exchange failed'),
  exchangeUnavailable: (cause: unknown) => new AppError('unavailable', 'EXCHANGE_FAILED', 'exchange failed', { cause }),
  userInfoUnavailable: (cause?: unknown) =>
    new AppError('unavailable', 'USER_INFO_FAILED', 'failed to get user info', { cause }),
  /** The ID token failed signature, issuer, audience, expiry or nonce checks (OIDC, Apple). */
  invalidIdToken: (cause?: unknown) =>
    new AppError('permission_denied', 'INVALID_ID_TOKEN', 'invalid id_token', { cause }),
  avatarFailed: (cause: unknown) =>
    new AppError('internal', 'AVATAR_FAILED', 'failed to save avatar to proxy', { cause }),
  tokenRefused: (message: string) => new AppError('unauthenticated', 'TOKEN_REFUSED', message),
  audienceRefused: (message: string) => new AppError('permission_denied', 'AUDIENCE_REFUSED', message),
};
