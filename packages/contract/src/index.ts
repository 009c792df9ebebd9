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
