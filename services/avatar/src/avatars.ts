import { AppError, invalidArgument, notFound } from '@gatehouse/grpc-kit';
import type { Logger } from '@gatehouse/logger';
import { avatarIdFor, contentFingerprint, isAvatarId } from './avatar-id';
import type { FetchResult } from './fetch-picture';
import { checkPicture, identicon, MAX_PICTURE_BYTES, resizePicture, sniffContentType } from './picture';
import type { AvatarStore } from './stores/store';

export interface PictureSource {
  fetch(url: string, bearerToken?: string): Promise<FetchResult>;
}

export interface StoredAvatar {
  avatarId: string;
  /** True when the identicon was stored because the picture was missing or refused. */
  identicon: boolean;
}

export interface AvatarContent {
  content: Buffer;
  contentType: string;
  etag: string;
}

const MAX_USER_ID_LENGTH = 512;

/** The avatar proxy: validates pictures once, at store time, and serves them from the store. */
export class Avatars {
  constructor(private readonly deps: { store: AvatarStore; source: PictureSource; resizeLimit: number; log: Logger }) {}

  /** Fetches the picture at `url` (empty: none) and stores it, or the identicon when it is refused. */
  async storeFromUrl(userId: string, url: string, bearerToken?: string): Promise<StoredAvatar> {
    checkUserId(userId);
    if (url.trim() === '') return this.storeIdenticon(userId, 'no picture URL');
    const fetched = await this.deps.source.fetch(url, bearerToken);
    if (!fetched.ok) return this.storeIdenticon(userId, fetched.reason);
    return this.storeContent(userId, fetched.content);
  }

  /** Stores bytes the caller already has, or the identicon when they are not an accepted picture. */
  async storeContent(userId: string, content: Buffer): Promise<StoredAvatar> {
    checkUserId(userId);
    if (content.length > MAX_PICTURE_BYTES) return this.storeIdenticon(userId, 'larger than 10 MiB');
    const check = await checkPicture(content);
    if (!check.ok) return this.storeIdenticon(userId, check.reason);
    const bytes = await resizePicture(content, check, this.deps.resizeLimit);
    const avatarId = avatarIdFor(userId);
    await this.deps.store.put(avatarId, bytes);
    return { avatarId, identicon: false };
  }

  async get(avatarId: string): Promise<AvatarContent> {
    checkAvatarId(avatarId);
    const content = await this.deps.store.get(avatarId.toLowerCase());
    if (!content) throw notFound('AVATAR_NOT_FOUND', `avatar ${avatarId} not found`);
    return { content, contentType: sniffContentType(content), etag: contentFingerprint(content) };
  }

  async remove(avatarId: string): Promise<void> {
    checkAvatarId(avatarId);
    if (!(await this.deps.store.remove(avatarId.toLowerCase()))) {
      throw notFound('AVATAR_NOT_FOUND', `avatar ${avatarId} not found`);
    }
  }

  list(): Promise<string[]> {
    return this.deps.store.list();
  }

  private async storeIdenticon(userId: string, reason: string): Promise<StoredAvatar> {
    this.deps.log.info({ reason }, 'storing the identicon instead of the picture');
    const avatarId = avatarIdFor(userId);
    await this.deps.store.put(avatarId, identicon(userId));
    return { avatarId, identicon: true };
  }
}

function checkUserId(userId: string): void {
  if (userId === '') throw invalidArgument('USER_ID_REQUIRED', 'user_id is required');
  if (userId.length > MAX_USER_ID_LENGTH) {
    throw invalidArgument('USER_ID_TOO_LONG', `user_id is longer than ${MAX_USER_ID_LENGTH} characters`);
  }
}

function checkAvatarId(avatarId: string): void {
  if (!isAvatarId(avatarId)) {
    throw new AppError('invalid_argument', 'INVALID_AVATAR_ID', 'avatar_id must be 40 hex characters and ".image"');
  }
}
