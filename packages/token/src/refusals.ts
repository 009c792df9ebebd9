/**
 * Why a request's credentials were refused, for code to decide on; the text beside it (REFUSAL_TEXT)
 * is what clients are sent, go-pkgz/auth's wording, and may change without any decision changing.
 */
export type TokenRefusal =
  /** No token in the query, the X-JWT header or the JWT cookie. */
  | 'no_token'
  /** The token did not verify (signature, audience, format); the text is the verifier's. */
  | 'invalid_token'
  /** A handshake token (a login in progress), not a session. */
  | 'wrong_kind'
  /** A verified token without a user. */
  | 'no_user'
  /** A cookie-borne token without its XSRF header. */
  | 'xsrf_mismatch'
  /** Past its exp and not refreshed here. */
  | 'expired'
  /** The application's validator said no. */
  | 'not_valid'
  /** The application's basic-auth checker said no (or failed). */
  | 'basic_refused';

export const REFUSAL_TEXT: Readonly<Record<TokenRefusal, string>> = {
  no_token: 'token cookie was not presented',
  invalid_token: 'token is invalid',
  wrong_kind: 'invalid kind of token',
  no_user: 'user is nil',
  xsrf_mismatch: 'xsrf mismatch',
  expired: 'token expired',
  not_valid: 'token is not valid',
  basic_refused: 'basic auth refused',
};
