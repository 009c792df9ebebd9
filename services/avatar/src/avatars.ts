import { invalidArgument } from '@gatehouse/errors';
import type { Logger } from '@gatehouse/logger';
import { avatarIdFor, contentFingerprint, isAvatarId } from './avatar-id';
import { AvatarErrors, avatarNotFound } from './errors';
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

/** Why a picture was replaced by the identicon, in a few bounded words (the log has the details). */
export type RefusalKind = 'fetch_failed' | 'too_large' | 'not_a_picture';

/** Told of every store (metrics): a picture, the identicon for no picture, or a refused picture and why. */
export interface StoreRecorder {
  stored(outcome: 'picture' | 'identicon' | 'refused', reason?: RefusalKind): void;
}

/** The avatar proxy: validates pictures once, at store time, and serves them from the store. */
export class Avatars {
  constructor(
    private readonly deps: {
      store: AvatarStore;
      source: PictureSource;
      resizeLimit: number;
      log: Logger;
      recorder?: StoreRecorder;
    },
  ) {}

  /** Fetches the picture at `url` (empty: none) and stores it, or the identicon when it is refused. */
  async storeFromUrl(userId: string, url: string, bearerToken?: string): Promise<StoredAvatar> {
    checkUserId(userId);
    if (url.trim() === '') return this.storeIdenticon(userId, 'no picture URL');
    const fetched = await this.deps.source.fetch(url, bearerToken);
    if (!fetched.ok) return this.storeIdenticon(userId, fetched.reason, 'fetch_failed');
    return this.storeContent(userId, fetched.content);
  }

  /** Stores bytes the caller already has, or the identicon when they are not an accepted picture. */
  async storeContent(userId: string, content: Buffer): Promise<StoredAvatar> {
    checkUserId(userId);
    if (content.length > MAX_PICTURE_BYTES) return this.storeIdenticon(userId, 'larger than 10 MiB', 'too_large');
    const check = await checkPicture(content);
    if (!check.ok) return this.storeIdenticon(userId, check.reason, 'not_a_picture');
    const bytes = await resizePicture(content, check, this.deps.resizeLimit);
    const avatarId = avatarIdFor(userId);
    await this.deps.store.put(avatarId, bytes);
    this.deps.recorder?.stored('picture');
    return { avatarId, identicon: false };
  }

  async get(avatarId: string): Promise<AvatarContent> {
    checkAvatarId(avatarId);
    const content = await this.deps.store.get(avatarId.toLowerCase());
    if (!content) throw avatarNotFound(avatarId);
    return { content, contentType: sniffContentType(content), etag: contentFingerprint(content) };
  }

  async remove(avatarId: string): Promise<void> {
    checkAvatarId(avatarId);
    if (!(await this.deps.store.remove(avatarId.toLowerCase()))) {
      throw avatarNotFound(avatarId);
    }
  }

  list(): Promise<string[]> {
    return this.deps.store.list();
  }

  private async storeIdenticon(userId: string, reason: string, refused?: RefusalKind): Promise<StoredAvatar> {
    // A refused picture is news; none at all is how many providers log in (dev, direct...): not a line
    // per login at info.
    if (refused) this.deps.log.info({ reason }, 'storing the identicon instead of the picture');
    else this.deps.log.debug({ reason }, 'storing the identicon: no picture');
    const avatarId = avatarIdFor(userId);
    await this.deps.store.put(avatarId, identicon(userId, this.deps.resizeLimit));
    if (refused) this.deps.recorder?.stored('refused', refused);
    else this.deps.recorder?.stored('identicon');
    return { avatarId, identicon: true };
  }
}

function checkUserId(userId: string): void {
  if (userId === '') throw invalidArgument(AvatarErrors.USER_ID_REQUIRED, 'user_id is required');
  if (userId.length > MAX_USER_ID_LENGTH) {
    throw invalidArgument(AvatarErrors.USER_ID_TOO_LONG, `user_id is longer than ${MAX_USER_ID_LENGTH} characters`);
  }
}

function checkAvatarId(avatarId: string): void {
  if (!isAvatarId(avatarId)) {
    throw invalidArgument(AvatarErrors.INVALID_AVATAR_ID, 'avatar_id must be 40 hex characters and ".image"');
  }
}
