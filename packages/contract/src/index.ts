// Values the contracts in protos/ state in prose, as constants for both sides of each contract: the
// gateway checks them before a call, the service again when it is called.

/**
 * Content types an avatar may be served as (avatar/v1 GetAvatarResponse.content_type), as go-pkgz/auth
 * allows them: no SVG, which can carry script. `image/*` is the avatar service's type for empty
 * content, whose kind no sniffing can tell. Anything else the gateway answers with 415.
 */
export const SERVABLE_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/*',
]);

/** payment/v1 LoadCardRequest.idempotency_key: "at most 255 characters". */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** A login provider's name, the `<provider>` of /auth/<provider>/...: letters, digits, `_` and `-`. */
export const PROVIDER_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** auth.v1 SessionService: a session's public id, 22 base64url characters (never its token's jti). */
export const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * A user id as a service takes it from a caller (payment's owner_id, auth's user_id fields): 1 to 256
 * characters, none a space or a control character. The ids themselves are the providers' (go-pkgz:
 * `<provider>_<sha1>`), so nothing narrower is assumed; Postgres holds no NUL, and no id has a space.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
export const USER_ID = /^[^\s\u0000-\u001f\u007f]{1,256}$/u;

/**
 * An email address as Gatehouse takes one (password accounts, invitations): a local part and a domain,
 * no spaces and no control characters (Postgres holds no NUL; no mail system takes one); whether it
 * receives mail is the verification's to find out.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
export const EMAIL = /^[^\s@\u0000-\u001f\u007f]{1,64}@[^\s@\u0000-\u001f\u007f]{1,253}$/u;

/** payment/v1: a card's id (and a cards page's cursor) as decimal text: 1 to 16 digits, no leading zero. */
export const CARD_ID_TEXT = '[1-9]\\d{0,15}';
export const CARD_ID = new RegExp(`^${CARD_ID_TEXT}$`);

/** payment/v1 ListCardsRequest: 50 cards a page unless asked, never more than 200. */
export const CARDS_PAGE = { default: 50, max: 200 } as const;

/**
 * auth.v1 OidcService/Http's answer: the header that says the browser's Gatehouse session ended with it
 * (the user confirmed an application's logout, RP-initiated): `<jti> <until_ms>`, the session's jti and
 * when its last token expires. The gateway refuses the session at once and clears its own cookies; the
 * header never reaches the browser (the gateway passes no `x-gatehouse-*` header).
 */
export const OIDC_SESSION_ENDED_HEADER = 'x-gatehouse-session-ended';

/**
 * The admin overviews' chart start (auth's and payment's `hours_start_unix_ms`): 0 for "the last 7 days",
 * else a time after 2000 and at most a day ahead of `nowMs` (a huge one is no date at all).
 */
export function isOverviewStart(ms: number, nowMs = Date.now()): boolean {
  return ms === 0 || (ms >= Date.UTC(2000, 0, 1) && ms <= nowMs + 86_400_000);
}
