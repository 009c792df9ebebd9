import { errorCodes, notFound } from '@gatehouse/errors';

/** Every code the avatar service sends in the `x-error-code` trailer, spelled once. */
export const AvatarErrors = errorCodes(
  'USER_ID_REQUIRED',
  'USER_ID_TOO_LONG',
  'INVALID_AVATAR_ID',
  'AVATAR_NOT_FOUND',
  'SAME_STORE',
  'STORE_UNOPENED',
);

export const avatarNotFound = (avatarId: string) =>
  notFound(AvatarErrors.AVATAR_NOT_FOUND, `avatar ${avatarId} not found`);
