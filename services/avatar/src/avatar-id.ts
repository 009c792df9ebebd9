import { createHash } from 'node:crypto';

/** The suffix of every avatar id, kept from go-pkgz/auth so stored links stay valid. */
export const AVATAR_SUFFIX = '.image';

const AVATAR_ID = /^[a-fA-F0-9]{40}\.image$/;

/** True for a well-formed avatar id: 40 hex characters and ".image". */
export function isAvatarId(id: string): boolean {
  return AVATAR_ID.test(id);
}

/**
 * The avatar id of a user: sha1 hex of the user id plus ".image". An id that already is an avatar id
 * keeps its sha1 part (go-pkgz encodeID), which is what lets a migration keep every id.
 */
export function avatarIdFor(userId: string): string {
  if (isAvatarId(userId)) return userId.toLowerCase();
  return `${createHash('sha1').update(userId).digest('hex')}${AVATAR_SUFFIX}`;
}

/** The 40 hex characters of an avatar id, lower-cased. */
export function avatarHash(avatarId: string): string {
  return avatarId.slice(0, 40).toLowerCase();
}

/** Fingerprint of stored bytes, used as the ETag: it changes exactly when the content does. */
export function contentFingerprint(content: Uint8Array): string {
  return createHash('sha1').update(content).digest('hex');
}
